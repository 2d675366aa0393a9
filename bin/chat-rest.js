#!/usr/bin/env node
// chat-rest: bulk jobs from the shell (import users or groups from NDJSON, export users, groups or
// a conversation's messages to NDJSON), each resumable from its checkpoint file. A thin wrapper
// over the built dist/cli.cjs, which runs the helpers of chat-rest-sdk/helpers.
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const built = join(__dirname, "..", "dist", "cli.cjs");
if (!existsSync(built)) {
  console.error(`chat-rest: ${built} is missing: run \`npm run build\` in chat-rest-sdk first.`);
  process.exit(2);
}
const { runChatRest, ChatRestUsageError, CHAT_REST_USAGE } = require(built);
const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes("--help") || argv.includes("-h")) {
  console.error(CHAT_REST_USAGE);
  process.exit(argv.length === 0 ? 2 : 0);
}

// The first Ctrl-C stops the job after the records in flight and writes its checkpoint; a second one ends the process at once.
const stop = new AbortController();
process.on("SIGINT", () => {
  if (stop.signal.aborted) process.exit(130);
  console.error("\nchat-rest: stopping after the records in flight (Ctrl-C again to quit at once)...");
  stop.abort();
});
process.on("SIGTERM", () => stop.abort());

runChatRest(argv, process.env, { stdout: process.stdout, stderr: process.stderr, stop: stop.signal }).then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof ChatRestUsageError) console.error(`chat-rest: ${error.message}\n\n${CHAT_REST_USAGE}`);
    else console.error(`chat-rest: ${error?.message ?? String(error)}`);
    process.exit(2);
  },
);
