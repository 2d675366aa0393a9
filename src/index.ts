export { createChatClient, createCallsClient, createManagementClient } from "./client.js";
export type { ChatClient, BoundChatClient, CallsClient, BoundCallsClient, ManagementClient } from "./client.js";
export { createAuthOnlyClient } from "./auth-only-client.js";
export type { AuthOnlyClient, AuthOnlyClientOptions } from "./auth-only-client.js";
export type { SdkClient } from "./client-types.js";
export type { ChatClientOptions, CallsClientOptions, ManagementClientOptions, CommonClientOptions } from "./client-options.js";
export type { RequestOptions } from "./request-options.js";
export type { Logger } from "./logger.js";
export { chatBaseUrl, callsBaseUrl, REGIONS } from "./base-url.js";
export type { Region, AppLocation } from "./base-url.js";
export { unwrap } from "./unwrap.js";
export { formDataBody } from "./form-data-body.js";
export { paginate } from "./paginate.js";
export type { PaginateOptions, CursorPaginateOptions, ListOptions, PagedPath, CursorPath, PagedItem } from "./paginate.js";
export type { CursorDirection } from "./cursor-pager.js";
export { rateLimit } from "./rate-limit.js";
export type { RateLimit } from "./rate-limit.js";
export { ChatError } from "./errors/chat-error.js";
export { ChatConfigError } from "./errors/chat-config-error.js";
export {
  ChatApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
} from "./errors/chat-api-error.js";
export type { FailedCall, RedactedCall } from "./errors/chat-api-error.js";
export { ChatConnectionError, ChatTimeoutError } from "./errors/chat-connection-error.js";
export { ChatInvalidResponseError } from "./errors/chat-invalid-response-error.js";
export { isChatApiError, isChatConnectionError, isChatError } from "./errors/guards.js";
export type { ChatPaths, CallsPaths, CallsPath, ManagementPaths, ManagementPath, OnBehalfOfOptional, AuthOnlyPaths } from "./paths.js";
export type { paths, components, operations } from "../generated/schema.js";
export type {
  Message,
  ThreadMessage,
  User,
  CreatedUser,
  CreateUserRequest,
  UpdateUserRequest,
  ApiKey,
  ActionResult,
  AuthToken,
  App,
  Pagination,
  ErrorEnvelope,
  SendThreadMessageRequest,
  SendMessageRequest,
  Group,
  CreateGroupRequest,
  GroupMember,
  AddGroupMembersResult,
  Role,
  RolePermissions,
  ScopePermissions,
  Conversation,
  NotificationPreferences,
  PushSettings,
  PushToken,
  PushTokenRegisterRequest,
  NotificationLog,
  ModerationRule,
  ModerationReason,
  KeywordList,
  Call,
  Webhook,
} from "./types.js";
