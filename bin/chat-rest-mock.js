#!/usr/bin/env node
// chat-rest-mock: runs the Prism mock of the bundled spec from the shell, prints its URL and
// stops on Ctrl-C. Plain CommonJS on purpose: it runs as is from the repo and from the
// installed package, without a build, and spawns Prism behind a proxy (the same way startMockServer does).
"use strict";
const { spawn } = require("node:child_process");
const { createServer, request } = require("node:http");
const { existsSync, readFileSync } = require("node:fs");
const { dirname, join } = require("node:path");

const USAGE = `Usage: chat-rest-mock [--port <n>] [--host <h>] [--no-errors] [--spec <file>]

Runs a Prism mock of the Chat, Calls and Management REST APIs, all on one URL.
  --port <n>     port to listen on (default 4010)
  --host <h>     interface to listen on (default 127.0.0.1)
  --no-errors    serve an answer that contradicts the spec (flagged in sl-violations) instead of a 500;
                 requests the spec forbids are rejected either way
  --spec <file>  the OpenAPI document to mock (default: the spec bundled with chat-rest-sdk)
Pick a documented response per request with the header "Prefer: code=404, example=uidNotFound".`;

function parseArgs(argv) {
  const options = { port: 4010, host: "127.0.0.1", errors: true, spec: join(__dirname, "..", "generated", "openapi.json") };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) fail(`${arg} needs a value.`);
      return argv[++i];
    };
    if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === "--port" || arg === "-p") {
      options.port = Number(value());
      if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) fail("--port must be an integer from 0 to 65535.");
    } else if (arg === "--host") options.host = value();
    else if (arg === "--spec") options.spec = value();
    else if (arg === "--no-errors") options.errors = false;
    else fail(`unknown option ${arg}`);
  }
  return options;
}

function fail(message) {
  console.error(`chat-rest-mock: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function prismEntry() {
  let manifestPath;
  try {
    manifestPath = require.resolve("@stoplight/prism-cli/package.json", { paths: [join(__dirname, "..")] });
  } catch {
    fail("@stoplight/prism-cli is not installed: npm install --save-dev @stoplight/prism-cli@5.14.2");
  }
  return join(dirname(manifestPath), JSON.parse(readFileSync(manifestPath, "utf8")).bin.prism);
}

// The URL a client can use: Prism prints an IPv6 host without brackets, and a wildcard address
// that no client can connect to. The same rule as src/testing/client-url.ts, which this file cannot import.
function clientUrl(host, port) {
  const bare = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${bare.includes(":") ? `[${bare}]` : bare}:${port}`;
}

// Prism names the fields it rejected only in `sl-violations`; written into the error body, they
// reach the SDK's BadRequestError. A copy of foldViolations in src/testing/violations-proxy.ts,
// which this file cannot import: keep the two in step.
function foldViolations(body, header, url) {
  const found = {};
  let parsed;
  try {
    for (const { location, message } of JSON.parse(header ?? "")) {
      const [side, part, ...field] = location;
      if (side !== "request") continue;
      const reported = field.join(".") || /'(.+)'/.exec(message)?.[1] || part;
      const name = (part === "query" && RegExp(`[?&](${reported})=`, "i").exec(url)?.[1]) || reported;
      (found[name] ??= []).push(message.replace(reported, name));
    }
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!Object.keys(found).length || typeof parsed !== "object" || parsed === null) return undefined;
  const error = { ...parsed.error };
  const said = error.message ?? error.devMessage;
  error.message = `${said ? `${said} ` : ""}Prism: ${Object.values(found).join("; ")}.`;
  error.details = { ...error.details, ...found };
  return JSON.stringify({ ...parsed, error });
}

function startProxy(prismPort) {
  const server = createServer((req, res) => {
    const forward = request({ host: "127.0.0.1", port: prismPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const header = answer.headers["sl-violations"];
      if (typeof header !== "string" || answer.headers["content-encoding"]) {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks = [];
      answer.on("data", (chunk) => chunks.push(chunk));
      answer.on("end", () => {
        const body = Buffer.concat(chunks).toString();
        const folded = foldViolations(body, header, req.url) ?? body;
        const { "transfer-encoding": _, ...headers } = answer.headers;
        res.writeHead(answer.statusCode, { ...headers, "content-length": Buffer.byteLength(folded) });
        res.end(folded);
      });
    });
    forward.on("error", (error) => res.destroy(error));
    req.pipe(forward);
  });
  server.once("error", (error) => {
    console.error(`chat-rest-mock: cannot listen on ${options.host}:${options.port}: ${error.message}`);
    stopping = true;
    prism.kill("SIGTERM");
    process.exitCode = 1;
  });
  server.listen(options.port, options.host, () => {
    console.log(`chat-rest-mock listening on ${clientUrl(options.host, server.address().port)} (Ctrl-C to stop)`);
  });
}

const options = parseArgs(process.argv.slice(2));
if (!existsSync(options.spec)) fail(`spec file not found: ${options.spec}`);
// Prism stays on loopback; clients reach it through the proxy, on the host and port asked for.
// Prism reads a pipe from this process and exits when it closes, so it cannot outlive a SIGKILL of this one.
const exitWithParent = `process.stdin.on("end", () => process.exit(1)).on("error", () => process.exit(1)).resume(); require(process.argv[1]);`;
const args = ["-e", exitWithParent, prismEntry(), "mock", options.spec, "--host", "127.0.0.1", "--port", "0"];
if (options.errors) args.push("--errors");
const prism = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "pipe"] });

let log = "";
let listening = false;
let stopping = false;
const onOutput = (chunk) => {
  const text = chunk.toString();
  if (listening) {
    // Once up, pass Prism's request log through, so a user sees each call and its violations.
    process.stderr.write(text);
    return;
  }
  log += text;
  const match = /Prism is listening on http:\/\/\S+:(\d+)\/*\s/.exec(log);
  if (match) {
    listening = true;
    startProxy(Number(match[1]));
  }
};
prism.stdout.on("data", onOutput);
prism.stderr.on("data", onOutput);

prism.on("exit", (code, signal) => {
  if (stopping) process.exit(process.exitCode ?? 0);
  if (!listening) console.error(`chat-rest-mock: Prism exited before listening (code ${code}):\n${log}`);
  else console.error(`chat-rest-mock: Prism stopped unexpectedly (code ${code}, signal ${signal}).`);
  process.exit(1);
});

function stop() {
  if (stopping) return;
  stopping = true;
  prism.kill("SIGTERM");
  // Prism normally exits at once; never hang the terminal if it does not.
  setTimeout(() => {
    prism.kill("SIGKILL");
    process.exit(0);
  }, 5000).unref();
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// A closed terminal sends SIGHUP: without this, Prism would outlive it, still listening.
process.on("SIGHUP", stop);
