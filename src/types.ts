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
