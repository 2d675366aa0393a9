/** Options of {@link deliverWebhook}. */
export interface DeliverWebhookOptions {
  /**
   * Username to send, as the webhook's `username`.
   * @default none: required
   * @example "chat-events"
   */
  username: string;
  /**
   * Password to send, as the webhook's `password`.
   * @default none: required
   * @example "s3cret"
   */
  password: string;
  /**
   * The fetch to send with.
   * @default globalThis.fetch
   * @example (input, init) => fetch(input, { ...init, keepalive: true })
   */
  fetch?: typeof globalThis.fetch;
}

/**
 * POSTs an event to a receiver the way the service delivers it: a JSON body and HTTP Basic
 * credentials. Resolves with the receiver's response, whatever its status, so a test can check
 * how the receiver answered.
 *
 * @example
 * const credentials = { username: "chat-events", password: "s3cret" };
 * const response = await deliverWebhook("http://127.0.0.1:3000/webhooks", webhookEvents.message_sent, credentials);
 * console.log(response.status); // 200, from a receiver that takes these credentials
 */
export function deliverWebhook(url: string | URL, event: object, options: DeliverWebhookOptions): Promise<Response> {
  const send = options.fetch ?? globalThis.fetch;
  return send(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: basicAuthorization(options.username, options.password) },
    body: JSON.stringify(event),
  });
}

/** `Basic` followed by the base64 of `username:password` in UTF-8 (RFC 7617). */
function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
