// A webhook delivery as the service sends it, a Fetch API Request to hand a handler directly,
// with the credentials its tests set on the handler.
export const credentials = { username: "chat-events", password: "s3cret" };
const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;

/** A POST of `event` as JSON, authenticated with `credentials`. */
export const deliver = (event: unknown) =>
  new Request("https://receiver.example/webhooks/chat", {
    method: "POST",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify(event),
  });
