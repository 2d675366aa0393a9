import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..");
const dir = join(root, ".tmp", "one-call-cost");

// A consumer's type-check of the package's declarations, bundled as `npm run build` bundles them
// (scripts/dts.config.json), with one typed call, `strict` and `skipLibCheck` off (tsc's default):
// tsc then checks every declaration file in the program, so what the declarations import is paid
// for in full. bench/typecheck.ts reports the same figures beside openapi-fetch's.
test("a strict consumer with one typed call type-checks the package's declarations in at most 60,000 instantiations, skipLibCheck off", () => {
  mkdirSync(join(dir, "packed"), { recursive: true });
  const { entries } = JSON.parse(readFileSync(join(root, "scripts", "dts.config.json"), "utf8")) as {
    entries: { filePath: string; outFile: string }[];
  };
  const entry = entries.find((e) => e.filePath === "../src/index.ts")!;
  const config = {
    compilationOptions: { preferredConfigPath: join(root, "tsconfig.json") },
    entries: [{ ...entry, filePath: join(root, "src", "index.ts"), outFile: join(dir, "packed", "index.d.mts") }],
  };
  writeFileSync(join(dir, "dts.json"), JSON.stringify(config));
  const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: dir, encoding: "utf8" });
  node([join(root, "node_modules", "dts-bundle-generator", "dist", "bin", "dts-bundle-generator.js"), "--silent", "--config", "dts.json"]);
  writeFileSync(
    join(dir, "consumer.ts"),
    [
      'import { createChatClient } from "./packed/index.mjs";',
      'const chat = createChatClient({ appId: "2a1b3c4d", apiKey: "key" });',
      'const { data } = await chat.GET("/users", { params: { query: { perPage: 50 } } });',
      "export const uid: string | undefined = data?.data[0]?.uid;",
      "",
    ].join("\n"),
  );
  const compilerOptions = { target: "ES2022", lib: ["ES2022", "DOM"], module: "esnext", moduleResolution: "bundler", strict: true };
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: true, skipLibCheck: false, types: [] }, files: ["consumer.ts"] }),
  );
  const out = node([join(root, "node_modules", "typescript", "lib", "tsc.js"), "-p", "tsconfig.json", "--extendedDiagnostics"]);
  const instantiations = Number(/^Instantiations:\s+(\d+)/m.exec(out)?.[1]);
  expect(instantiations).toBeGreaterThan(0);
  expect(instantiations).toBeLessThanOrEqual(60_000);
}, 180_000);
