/** A command line the `chat-rest` command cannot run: a bad option, a missing variable, an unreadable file. Exit code 2. */
export class ChatRestUsageError extends Error {
  override readonly name = "ChatRestUsageError";
}
