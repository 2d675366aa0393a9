import type { components } from "../generated/schema.js";

type Schemas = components["schemas"];

/** A message as the service returns it. Timestamps are Unix seconds. */
export type Message = Schemas["Message"];
/** A reply inside a thread: a {@link Message} that also names its parent in `parentId`. */
export type ThreadMessage = Schemas["ThreadMessage"];
/** A user of the app. Timestamps are Unix seconds. */
export type User = Schemas["User"];
/** A user as `POST /users` returns it: with `authToken` when the request set `withAuthToken: true`. */
export type CreatedUser = Schemas["CreatedUser"];
/** The body of `POST /users`. */
export type CreateUserRequest = Schemas["CreateUserRequest"];
/** The body of `PUT /users/{uid}`. */
export type UpdateUserRequest = Schemas["UpdateUserRequest"];
/** An API key of the app, with its scope (`fullAccess` or `authOnly`). */
export type ApiKey = Schemas["ApiKey"];
/** What an action answers (a delete, a block, a flush): whether it succeeded, and a message. */
export type ActionResult = Schemas["ActionResult"];
/** An auth token a client app logs in with. */
export type AuthToken = Schemas["AuthToken"];
/** An app of the account, from the Management API. */
export type App = Schemas["App"];
/** The page numbers and counts of a page-numbered list. */
export type Pagination = Schemas["Pagination"];
/** The body the service sends with every error status. */
export type ErrorEnvelope = Schemas["ErrorEnvelope"];
/** The body of `POST /messages/{id}/thread`. */
export type SendThreadMessageRequest = Schemas["SendThreadMessageRequest"];
/** The body of `POST /messages`: a standard message or a custom one. */
export type SendMessageRequest = Schemas["SendMessageRequest"];
/** A group of the app; `hasJoined`, `scope` and `joinedAt` describe the user a request acts for. */
export type Group = Schemas["Group"];
/** The body of `POST /groups`. */
export type CreateGroupRequest = Schemas["CreateGroupRequest"];
/** A member of a group, with their scope. */
export type GroupMember = Schemas["GroupMember"];
/** What `POST /groups/{guid}/members` answers: an outcome per UID, under the list it was sent in. */
export type AddGroupMembersResult = Schemas["AddGroupMembersResult"];
/** A role of the app, which users are given to set what they may do. */
export type Role = Schemas["Role"];
/** What a role may do, by permission. */
export type RolePermissions = Schemas["RolePermissions"];
/** What a scope of members (admin, moderator, participant) may do in a group, by permission. */
export type ScopePermissions = Schemas["ScopePermissions"];
/** A one-to-one or group conversation of a user. Timestamps are Unix seconds. */
export type Conversation = Schemas["Conversation"];
/** A user's notification preferences. */
export type NotificationPreferences = Schemas["NotificationPreferences"];
/** The app's notification settings, which apply to every user who has not changed them. */
export type PushSettings = Schemas["PushSettings"];
/** A registered push token of a user's device. */
export type PushToken = Schemas["PushToken"];
/** The body of `POST /notifications/push/v1/tokens`: an FCM, APNs or VoIP registration. */
export type PushTokenRegisterRequest = Schemas["PushTokenRegisterRequest"];
/** An entry of the notification logs. Its times are Unix milliseconds, unlike the rest of the API. */
export type NotificationLog = Schemas["NotificationLog"];
/** A moderation rule. */
export type ModerationRule = Schemas["ModerationRule"];
/** A reason users can pick when they flag a message. */
export type ModerationReason = Schemas["ModerationReason"];
/** A keyword list that moderation rules match messages against. */
export type KeywordList = Schemas["KeywordList"];
/** A call of the Calls API, with its participants. */
export type Call = Schemas["Call"];
/** A webhook of an app, from the Management API. */
export type Webhook = Schemas["Webhook"];
