#!/usr/bin/env node
// chat-rest-mcp: the chat REST API as MCP tools for AI agents (runChatMcp of chat-rest-sdk/mcp),
// over stdio, or Streamable HTTP with --http. A thin wrapper over the built dist/mcp.cjs, so it
// runs the same code as the library. Over stdio, stdout carries the protocol: everything said to a
// person goes to stderr.
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const built = join(__dirname, "..", "dist", "mcp.cjs");
if (!existsSync(built)) {
  console.error(`chat-rest-mcp: ${built} is missing: run \`npm run build\` in chat-rest-sdk first.`);
  process.exit(2);
}
const { runChatMcp, McpUsageError, MCP_USAGE } = require(built);
const argv = process.argv.slice(2);

if (argv.includes("--help") || argv.includes("-h")) {
  console.error(MCP_USAGE);
  process.exit(0);
}

runChatMcp(argv, process.env).then(
  (running) => {
    if (running.url) console.error(`chat-rest-mcp serving ${running.tools} tools at ${running.url} (Ctrl-C to stop)`);
    const stop = () => running.close().then(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    // Over stdio the client owns the process: when it closes our stdin, we are done.
    if (!running.url) process.stdin.once("end", stop);
  },
  (error) => {
    if (error instanceof McpUsageError) console.error(`chat-rest-mcp: ${error.message}\n\n${MCP_USAGE}`);
    else console.error(`chat-rest-mcp: ${error?.message ?? String(error)}`);
    process.exit(2);
  },
);
