#!/usr/bin/env node
// chat-rest-fake: runs the stateful fake (startFakeServer of chat-rest-sdk/testing) from the
// shell, prints its URL and credentials, and stops on Ctrl-C. A thin wrapper over the built
// dist/testing.cjs, so it runs the same code as the library.
"use strict";
const { existsSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

const USAGE = `Usage: chat-rest-fake [--port <n>] [--host <h>] [--app-id <id>] [--api-key <key>] [--auth-only-key <key>]
                      [--key <key>] [--secret <secret>] [--max-items <n>] [--state <file>] [--rate-limits <limits>]
                      [--control-token <token>] [--region <region>] [--app <id>[@<region>]]...

Runs a stateful fake of the Chat, Calls and Management REST APIs, all on one URL: users, groups,
members and messages are kept for as long as it runs.
  --port <n>       port to listen on (default 4011)
  --host <h>       interface to listen on (default 127.0.0.1)
  --app-id <id>    the app id to report (default: random)
  --region <region> the app's region, as the Management API lists it (default us)
  --app <id>[@<region>]
                   serve several apps, each with keys of its own (random, printed), one
                   --app per app, the first being the fake's own: --app shop-eu@eu --app shop-us@us.
                   Each app's Chat and Calls APIs are at <url>/app/<id>, and its controls
                   at <url>/app/<id>/__fake; not with --app-id, --region, --api-key or --auth-only-key
  --api-key <key>  the fullAccess API key to accept (default: random, printed)
  --auth-only-key <key>, --key <key>, --secret <secret>
                   the authOnly key, and the Management API key and secret, to accept
                   (default: random, printed)
  --max-items <n>  the most items to store (default 100000)
  --state <file>   start from a state saved as JSON from fake.snapshot(), serving its app
                   (unless --app-id names another)
  --rate-limits <limits>
                   enforce rate limits as the service does: "service" for the documented
                   limits, or a JSON object of the client's rateLimits option, for example
                   '{"app":{"all":{"limit":5,"windowMs":1000}}}' (default: no limits)
  --control-token <token>
                   the token of the control routes under /__fake (default: random, printed):
                   connectFake(url, token) from chat-rest-sdk/testing drives the fake's clock,
                   faults, seed, snapshot and deliveries from another process

       chat-rest-fake verify <recording.ndjson> [--allow <allow.json>] [--json]

replays a recording made with recordTraffic through a fresh fake and reports each difference
from the service's answers (chat-rest-fake verify --help).`;

function fail(message) {
  console.error(`chat-rest-fake: ${message}\n\n${USAGE}`);
  process.exit(2);
}

/** The JSON of a snapshot file; whether it is a snapshot, startFakeServer checks and says. */
function readState(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    fail(`--state: cannot read ${file} (${error.code ?? error.message}).`);
  }
  try {
    return JSON.parse(text);
  } catch {
    fail(`--state: ${file} is not JSON; write it with JSON.stringify(fake.snapshot()).`);
  }
}

/** "service", or the JSON of a rateLimits object; what the object may hold, startFakeServer checks and says. */
function readRateLimits(text) {
  if (text === "service") return text;
  let limits;
  try {
    limits = JSON.parse(text);
  } catch {
    fail(`--rate-limits: ${JSON.stringify(text)} is neither "service" nor a JSON object.`);
  }
  if (limits === null || typeof limits !== "object" || Array.isArray(limits))
    fail(`--rate-limits: ${JSON.stringify(text)} is neither "service" nor a JSON object.`);
  return limits;
}

function parseArgs(argv) {
  const options = { port: 4011, host: "127.0.0.1" };
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
    else if (arg === "--app-id") options.appId = value();
    else if (arg === "--region") options.region = value();
    else if (arg === "--app") {
      const [appId, region, extra] = value().split("@");
      if (!appId || region === "" || extra !== undefined) fail("--app takes an app id, and optionally @ and its region: --app shop-eu@eu.");
      (options.apps ??= []).push(region === undefined ? { appId } : { appId, region });
    } else if (arg === "--api-key") options.apiKey = value();
    else if (arg === "--auth-only-key") options.authOnlyKey = value();
    else if (arg === "--key") options.key = value();
    else if (arg === "--secret") options.secret = value();
    else if (arg === "--rate-limits") options.rateLimits = readRateLimits(value());
    else if (arg === "--control-token") options.controlToken = value();
    else if (arg === "--max-items") {
      options.maxItems = Number(value());
      if (!Number.isInteger(options.maxItems) || options.maxItems < 1) fail("--max-items must be a positive integer.");
    } else if (arg === "--state") options.state = readState(value());
    else fail(`unknown option ${arg}`);
  }
  return options;
}

const built = join(__dirname, "..", "dist", "testing.cjs");
if (process.argv[2] === "verify") {
  if (!existsSync(built)) fail(`${built} is missing: run \`npm run build\` in chat-rest-sdk first.`);
  require(built)
    .verifyCommand(process.argv.slice(3), { out: (text) => console.log(text), err: (text) => console.error(text) })
    .then((code) => process.exit(code));
} else serve();

function serve() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(built)) fail(`${built} is missing: run \`npm run build\` in chat-rest-sdk first.`);
  const { startFakeServer } = require(built);

  startFakeServer(options).then(
    (fake) => {
      console.log(`chat-rest-fake listening on ${fake.url} (Ctrl-C to stop)`);
      if (options.apps) {
        for (const app of fake.apps) {
          console.log(`  app ${app.appId} (${app.region})`);
          console.log(`    url         ${app.url}`);
          console.log(`    apiKey      ${app.apiKey}`);
          console.log(`    authOnlyKey ${app.authOnlyKey}`);
        }
      } else {
        console.log(`  appId       ${fake.appId}`);
        console.log(`  apiKey      ${fake.apiKey}`);
        console.log(`  authOnlyKey ${fake.authOnlyKey}`);
      }
      console.log(`  key         ${fake.key}`);
      console.log(`  secret      ${fake.secret}`);
      console.log(`  controls    ${fake.url}/__fake with the header x-fake-control-token: ${fake.controlToken}`);
      console.log(`              or, from a test: await connectFake("${fake.url}", "${fake.controlToken}") (chat-rest-sdk/testing)`);
      // The fake does not hold the process open by itself (a forgotten one must not keep a test
      // runner alive); here it is the point of the process.
      const keepAlive = setInterval(() => {}, 1 << 30);
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        clearInterval(keepAlive);
        fake.close().then(() => process.exit(0));
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
      process.on("SIGHUP", stop);
    },
    (error) => {
      console.error(`chat-rest-fake: ${error.message}`);
      process.exit(1);
    },
  );
}
