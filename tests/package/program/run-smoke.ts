// The runtime-matrix entry: runs the smoke calls against an already running mock, whose URL is
// the first argument. Node, Bun and Deno all run this file; the browser imports smoke.js directly.
import { smoke } from "./smoke.js";

// Bun and Deno report their own version beside a Node-compatible one; the matrix checks it.
const versions = process.versions;
const runtime = versions.bun ? `bun ${versions.bun}` : versions.deno ? `deno ${versions.deno}` : `node ${versions.node}`;

const baseUrl = process.argv[2];
if (!baseUrl) throw new Error("usage: run-smoke <mock url>");
smoke(baseUrl).then(
  (lines) => {
    console.log(`runtime: ${runtime}`);
    for (const line of lines) console.log(line);
    console.log("smoke: ok");
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
