export { createChatClient, createManagementClient } from "./client.js";
export type { ChatClient, BoundChatClient, ManagementClient } from "./client.js";
export type { ChatClientOptions, ManagementClientOptions, CommonClientOptions } from "./client-options.js";
export { chatBaseUrl, callsBaseUrl, REGIONS } from "./base-url.js";
export type { Region, AppLocation } from "./base-url.js";
export { ChatError } from "./errors/chat-error.js";
export { ChatConfigError } from "./errors/chat-config-error.js";
export type { ChatPaths, ManagementPaths, ManagementPath, OnBehalfOfOptional } from "./paths.js";
export type { paths, components, operations } from "../generated/schema.js";
export type {
  Message,
  ThreadMessage,
  User,
  AuthToken,
  App,
  Pagination,
  ErrorEnvelope,
  SendThreadMessageRequest,
  SendMessageRequest,
} from "./types.js";
