import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { PRISM_START_MS } from "../harness/prism-start";

const root = join(__dirname, "..", "..");

/** Whether `pid` is a live process: not gone, and not a zombie left for PID 1 to reap. */
function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    return state !== undefined && state !== "Z";
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (check()) return true;
  return check();
}

const linux = existsSync("/proc/self/stat") ? describe : describe.skip;

linux("the mock after its parent is killed with SIGKILL", () => {
  test("the Prism child exits too, instead of serving on as an orphan", async () => {
    // A parent process that starts the mock, prints its URL and its children's PIDs, and waits.
    mkdirSync(join(root, ".tmp"), { recursive: true });
    const parentFile = join(root, ".tmp", "mock-parent.cjs");
    buildSync({
      stdin: {
        contents: `
          import { readFileSync } from "node:fs";
          import { startMockServer } from "./src/testing/index";
          startMockServer(${JSON.stringify({ spec: join(__dirname, "fixtures", "list-users.openapi.json"), startTimeoutMs: PRISM_START_MS })}).then((mock) => {
            const children = readFileSync("/proc/" + process.pid + "/task/" + process.pid + "/children", "utf8").trim();
            console.log(JSON.stringify({ url: mock.url, children: children.split(" ").map(Number) }));
            setInterval(() => {}, 1000);
          });`,
        resolveDir: root,
        loader: "ts",
      },
      bundle: true,
      platform: "node",
      format: "cjs",
      packages: "external",
      outfile: parentFile,
      logLevel: "silent",
    });
    const parent = spawn(process.execPath, [parentFile], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    const started = await new Promise<{ url: string; children: number[] }>((resolve, reject) => {
      let out = "";
      parent.stdout.on("data", (chunk) => {
        out += chunk;
        if (out.includes("\n")) resolve(JSON.parse(out));
      });
      parent.once("exit", (code) => reject(new Error(`the parent exited (${code}) before the mock started`)));
    });
    expect(started.children.length).toBeGreaterThan(0);
    expect((await fetch(`${started.url}/users`, { headers: { apikey: "k" } })).status).toBe(200);

    parent.kill("SIGKILL");
    const gone = await waitFor(() => started.children.every((pid) => !alive(pid)), 60_000);
    for (const pid of started.children) if (alive(pid)) process.kill(pid, "SIGKILL");
    expect(gone).toBe(true);
  });
});
