import { jsonNestsDeeper, MAX_WEBHOOK_DEPTH, valueNestsDeeper } from "./nesting-depth.js";
import type { ParsedWebhookEvent } from "./webhook-event.js";
import { WebhookPayloadError } from "./webhook-payload-error.js";

const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads a webhook body into a typed event. Give it the raw body (a string or bytes) or a value
 * already parsed from JSON. Comparing `trigger` with a known name narrows `data` to that event.
 *
 * It checks only what routing needs (a JSON object with a string `trigger`, nested at most 128
 * levels deep) and does not validate `data` against the spec, so that a receiver stays fast and
 * accepts fields the service adds.
 *
 * @throws {WebhookPayloadError} when the body is not JSON, not an object, has no string `trigger`,
 * or nests arrays and objects more than 128 levels deep.
 * @example
 * export async function POST(request: Request): Promise<Response> {
 *   const event = parseWebhookEvent(await request.text());
 *   if (event.trigger === "message_sent") console.log(event.data.message.data.text);
 *   return new Response(null, { status: 200 });
 * }
 */
export function parseWebhookEvent(body: string | Uint8Array | unknown): ParsedWebhookEvent {
  const value = typeof body === "string" ? parseJson(body) : body instanceof Uint8Array ? parseJson(decode(body)) : checkDepth(body);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new WebhookPayloadError(`A webhook body must be a JSON object; this one is ${describe(value)}.`);
  }
  const trigger = (value as { trigger?: unknown }).trigger;
  if (typeof trigger !== "string") {
    throw new WebhookPayloadError(
      trigger === undefined
        ? "A webhook body must have a `trigger`; this one has none."
        : `A webhook body's \`trigger\` must be a string; this one is ${describe(trigger)}.`,
    );
  }
  return value as ParsedWebhookEvent;
}

function decode(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new WebhookPayloadError("A webhook body must be UTF-8 text; this one is not.");
  }
}

function parseJson(text: string): unknown {
  if (jsonNestsDeeper(text, MAX_WEBHOOK_DEPTH)) throw tooDeep();
  try {
    return JSON.parse(text);
  } catch (cause) {
    // JSON.parse's own message may quote the body, so only its position is kept.
    const at = cause instanceof SyntaxError ? /position (\d+)/.exec(cause.message)?.[1] : undefined;
    throw new WebhookPayloadError(`A webhook body must be JSON; this one is not${at === undefined ? "" : ` (at position ${at})`}.`);
  }
}

function checkDepth(value: unknown): unknown {
  if (valueNestsDeeper(value, MAX_WEBHOOK_DEPTH)) throw tooDeep();
  return value;
}

const tooDeep = () =>
  new WebhookPayloadError(`A webhook body must nest arrays and objects at most ${MAX_WEBHOOK_DEPTH} levels deep; this one nests deeper.`);

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
