/**
 * The message of the `chat-rest-sdk:webhook` TracingChannel of `node:diagnostics_channel`: one per
 * request a handler from `createWebhookHandler` receives. `asyncEnd` comes with `result`, the
 * `Response` the handler answers with. It never holds the body, the credentials or a UID.
 */
export interface WebhookDiagnostics {
  /** The request's HTTP method, once the handler read it (after the `start` event). */
  method?: string;
  /** Whether the request carried the webhook's credentials. */
  verified?: boolean;
  /** The event's trigger, e.g. `message_sent`, once the body was read as an event. */
  trigger?: string;
  /** The app the event names (its `appId`), once the body was read as an event: a receiver of several apps tells them apart by it. */
  appId?: string;
  /** What the event's handler (or `onUnknown`) threw: the delivery was answered 500. */
  handlerError?: unknown;
  /** Set by the channel: the answer. */
  result?: Response;
  /** Set by the channel when the handler itself rejects. */
  error?: unknown;
}
