export { createChatClient, createCallsClient, createManagementClient } from "./client/client.js";
export type { ChatClient, BoundChatClient, CallsClient, BoundCallsClient, ManagementClient } from "./client/client.js";
export { createAuthOnlyClient } from "./client/auth-only-client.js";
export type { AuthOnlyClient, AuthOnlyClientOptions } from "./client/auth-only-client.js";
export type { SdkClient } from "./client/client-types.js";
export type { ChatClientOptions, CallsClientOptions, ManagementClientOptions, CommonClientOptions } from "./client/client-options.js";
export type { RequestOptions } from "./transport/request-options.js";
export type { Logger } from "./transport/logger.js";
export type { CallDiagnostics, AttemptDiagnostics, CallDescription, Outcome } from "./diagnostics/diagnostics-types.js";
export { chatBaseUrl, callsBaseUrl, REGIONS } from "./safety/base-url.js";
export type { Region, AppLocation } from "./safety/base-url.js";
export { unwrap } from "./errors/unwrap.js";
export { formDataBody } from "./client/form-data-body.js";
export { unlistedTrigger } from "./client/unlisted-trigger.js";
export type { UnlistedTrigger } from "./client/unlisted-trigger.js";
export { paginate } from "./pagination/paginate.js";
export type { PaginateOptions, CursorPaginateOptions, ListOptions, PagedPath, CursorPath, PagedItem } from "./pagination/paginate.js";
export type { CursorDirection } from "./pagination/cursor-pager.js";
export { rateLimit } from "./rate-limits/rate-limit.js";
export type { RateLimit } from "./rate-limits/rate-limit.js";
export type {
  RateLimits,
  RateLimitRule,
  RateLimitStore,
  RateLimitSlot,
  RateLimitTake,
  RateLimitWait,
} from "./rate-limits/rate-limit-options.js";
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
export type { FailedCall, RedactedCall, RateLimitRefusal } from "./errors/chat-api-error.js";
export { ChatConnectionError, ChatTimeoutError } from "./errors/chat-connection-error.js";
export { ChatInvalidResponseError } from "./errors/chat-invalid-response-error.js";
export { RateLimitStoreError } from "./errors/rate-limit-store-error.js";
export { isChatApiError, isChatConnectionError, isChatError } from "./errors/guards.js";
export type {
  ChatPaths,
  CallsPaths,
  CallsPath,
  ManagementPaths,
  ManagementPath,
  OnBehalfOfOptional,
  AuthOnlyPaths,
} from "./client/paths.js";
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
