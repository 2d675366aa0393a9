import type { ChatClientOptions, ManagementClientOptions } from "chat-rest-sdk";
import type { McpScope } from "./tool-scope.js";

/** Options of {@link createChatMcpServer}. */
export interface ChatMcpServerOptions {
  /**
   * The app the Chat and Calls API tools call, as for `createChatClient`. Required when the scope
   * holds one of their operations (the default scope does). `rateLimits` defaults to the service's
   * limits here, so an agent's calls keep to them instead of meeting its 429s, with `maxWaitMs`
   * of 20 s: a call that would wait longer is refused at once with its `waitMs`. Every tool call
   * has a deadline of 50 s, its retries and waits included (`deadlineMs`, when shorter, wins), so
   * it is answered before an MCP client's own 60 s request timeout.
   * @default undefined
   * @example { appId: process.env.CHAT_APP_ID!, region: "eu", apiKey: process.env.CHAT_API_KEY! }
   */
  chat?: ChatClientOptions;
  /**
   * The account the Management API tools call, as for `createManagementClient`. Required when the
   * scope holds one of its operations.
   * @default undefined
   * @example { key: process.env.CHAT_MGMT_KEY!, secret: process.env.CHAT_MGMT_SECRET! }
   */
  management?: ManagementClientOptions;
  /**
   * Which operations are offered.
   * @default {} (the Chat and Calls APIs' reads and message sending; nothing of the Management API, nothing whose answer holds a credential)
   * @example { kinds: ["read", "write"], tags: ["Messages", "Groups"] }
   */
  scope?: McpScope;
  /**
   * Bind the server to one user: every operation that takes `onBehalfOf` acts as this UID, no
   * tool takes `onBehalfOf` as an argument, and the tools' texts name this user. Operations
   * without `onBehalfOf` act as the app. The operations that would act as a user named in their
   * arguments (`send-bot-message`, whose sender is the bot in the path; friends and blocks of the
   * path's user) are left out, whatever the kinds, unless `scope.tools` names them.
   * @default undefined (tools that take onBehalfOf take it as an argument)
   * @example "support-agent"
   */
  as?: string;
  /**
   * Offer three tools (`list_operations`, `describe_operation`, `call_operation`) instead of one
   * per operation, for clients that cannot hold a long tool list. The scope applies the same.
   * @default false
   * @example true
   */
  dynamic?: boolean;
}
