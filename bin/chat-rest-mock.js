#!/usr/bin/env node
// chat-rest-mock: runs the Prism mock of the bundled spec from the shell, prints its URL and
// stops on Ctrl-C. A thin shell over startMockServer of the built chat-rest-sdk/testing, so the
// command and the kit run the same mock, violations proxy included.
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const USAGE = `Usage: chat-rest-mock [--port <n>] [--host <h>] [--no-errors] [--spec <file>]

Runs a Prism mock of the Chat, Calls and Management REST APIs, all on one URL.
  --port <n>     port to listen on (default 4010)
  --host <h>     interface to listen on (default 127.0.0.1)
  --no-errors    serve an answer that contradicts the spec (flagged in sl-violations) instead of a 500;
                 requests the spec forbids are rejected either way
  --spec <file>  the OpenAPI document to mock (default: the spec bundled with chat-rest-sdk)
Pick a documented response per request with the header "Prefer: code=404, example=uidNotFound".`;

function fail(message) {
  console.error(`chat-rest-mock: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = { port: 4010, host: "127.0.0.1", errors: true, spec: undefined };
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
  if (options.spec !== undefined && !existsSync(options.spec)) fail(`spec file not found: ${options.spec}`);
  return options;
}

const options = parseArgs(process.argv.slice(2));
const built = join(__dirname, "..", "dist", "testing.cjs");
// Only a checkout of the repository lacks it: the package ships dist/.
if (!existsSync(built)) fail(`${built} is missing: run \`npm run build\` first.`);
const { startMockServer } = require(built);
startMockServer(options).then(
  (mock) => {
    console.log(`chat-rest-mock listening on ${mock.url} (Ctrl-C to stop)`);
    // The kit's mock never keeps a process alive on its own (a test run must be able to end), so the command does.
    const alive = setInterval(() => {}, 2 ** 30);
    const stop = () =>
      mock.close().then(() => {
        clearInterval(alive);
        process.exit(0);
      });
    // A closed terminal sends SIGHUP: without a handler, the mock would be stopped but the exit code would say otherwise.
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.once(signal, stop);
  },
  (error) => {
    console.error(`chat-rest-mock: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
