import { ChatError } from "../errors/chat-error.js";

/**
 * Thrown by {@link parseWebhookEvent} when a body is not a webhook event: not JSON (or not UTF-8),
 * not a JSON object, without a string `trigger`, or nested more than 128 levels deep (and by
 * `webhookEventKey` on an event built by hand that nests deeper). Its message says which, and quotes none of
 * the body. A trigger that is merely unknown is not an error: it parses to an `UnknownWebhookEvent`.
 *
 * It does not check that `data` matches the event's schema; the test kit's fixtures and the spec
 * do that.
 *
 * @example
 * export async function POST(request: Request): Promise<Response> {
 *   try {
 *     console.log(parseWebhookEvent(await request.text()).trigger);
 *     return new Response(null, { status: 200 });
 *   } catch (error) {
 *     if (error instanceof WebhookPayloadError) return new Response(error.message, { status: 400 });
 *     throw error;
 *   }
 * }
 */
export class WebhookPayloadError extends ChatError {
  override name = "WebhookPayloadError";
}
