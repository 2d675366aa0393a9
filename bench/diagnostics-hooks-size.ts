// What the diagnostics hooks add to the main entry: src/index.ts measured as the size check measures
// it (tests/size/bundle-size.ts: esbuild --minify, gzip -9, openapi-fetch bundled in), against a
// copy of the same sources with the hooks taken out, as the client was before them: no channels,
// no traced entry, no trace handed to the transport, and the call id made for middleware alone,
// not carried by the logger's lines. An edit that no longer matches its source fails the section
// rather than measuring something else.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { measureBundle } from "../tests/size/bundle-size.js";

type Edit = [from: RegExp | string, to: string];

/** The hooks, file by file, and what each file reads without them. */
const UNHOOKED: Record<string, Edit[]> = {
  "src/client/client.ts": [
    [/^import \{[^}]*\} from "\.\.\/diagnostics\/trace-call\.js";\n/m, ""],
    [
      /callChannel\?\.hasSubscribers \|\| attemptChannel\?\.hasSubscribers\s*\? traceCall\(sendCall, config, method, path, init, boundUid\)\s*: /,
      "",
    ],
  ],
  "src/client/send-call.ts": [
    [/\n\s*trace\?: CallTrace,/, ""],
    ["const user = trace ? trace.user() : actingUser(", "const user = actingUser("],
    [/\n\s*id: trace\?\.id \?\? newCallId\(\),/, ""],
    [/\n\s*attempt: trace\?\.attempt,/, ""],
  ],
  "src/client/middleware.ts": [["id: call.id!,", "id: Math.random().toString(36).slice(2, 11),"]],
  "src/transport/transport.ts": [
    ["(call.attempt ?? runAttempt)(", "runAttempt("],
    ["callId: call.id,\n", ""],
    ["callId: call.id, ", ""],
  ],
};

export interface HooksSize {
  /** Gzipped bytes of the main entry as it is, and without the hooks. */
  withHooks: number;
  without: number;
  growth: number;
}

/** The main entry's min+gz with the diagnostics hooks, without them, and the difference. */
export async function diagnosticsHooksSize(root: string = process.cwd()): Promise<HooksSize> {
  const dir = join(root, "bench/.tmp/diagnostics-hooks");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const tree of ["src", "generated"]) cpSync(join(root, tree), join(dir, tree), { recursive: true });
  for (const [file, edits] of Object.entries(UNHOOKED)) {
    let text = readFileSync(join(dir, file), "utf8");
    for (const [from, to] of edits) {
      const edited = text.replace(from, to);
      if (edited === text)
        throw new Error(`diagnostics hooks: ${file} no longer has ${String(from)}; update bench/diagnostics-hooks-size.ts`);
      text = edited;
    }
    writeFileSync(join(dir, file), text);
  }
  const [hooked, unhooked] = await Promise.all([
    measureBundle("src/index.ts", { external: [] }),
    measureBundle("src/index.ts", { external: [], dir }),
  ]);
  return { withHooks: hooked.gzipped, without: unhooked.gzipped, growth: hooked.gzipped - unhooked.gzipped };
}
