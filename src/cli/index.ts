// The `chat-rest` command's code, bundled into dist/cli.cjs for bin/chat-rest.js: no entry point of the package.
export { runChatRest, CHAT_REST_USAGE } from "./run-chat-rest.js";
export type { ChatRestIo } from "./run-chat-rest.js";
export { ChatRestUsageError } from "./usage-error.js";
