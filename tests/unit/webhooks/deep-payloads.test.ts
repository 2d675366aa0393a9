// Bodies nested deeper than any event the service sends: parseWebhookEvent refuses them with
// WebhookPayloadError (a 400, which the service does not retry) before anything recurses on them,
// and webhookEventKey never runs out of stack, whatever it is given.
import { webhookEvents } from "../../../src/testing/index";
import { createWebhookHandler, parseWebhookEvent, WebhookPayloadError, webhookEventKey } from "../../../src/webhooks/index";

const nestedArrays = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const eventWithData = (data: string) => `{"trigger":"custom_trigger","appId":"a","region":"us","webhook":"w","data":${data}}`;

/** A value nested `depth` levels deep, built without recursion. */
function nestedValue(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

test("an event nested 128 levels deep parses; one level more is refused with WebhookPayloadError", () => {
  // The envelope is level 1, so data may nest 127.
  expect(webhookEventKey(parseWebhookEvent(eventWithData(nestedArrays(127))))).toContain("[[[");
  expect(() => parseWebhookEvent(eventWithData(nestedArrays(128)))).toThrow(WebhookPayloadError);
  expect(() => parseWebhookEvent(eventWithData(nestedArrays(128)))).toThrow(/at most 128 levels/);
});

test.each([10_000, 500_000])("a body nested %i deep is refused as text, as bytes and as a parsed value", (depth) => {
  const text = eventWithData(nestedArrays(depth));
  expect(() => parseWebhookEvent(text)).toThrow(WebhookPayloadError);
  expect(() => parseWebhookEvent(new TextEncoder().encode(text))).toThrow(WebhookPayloadError);
  const value = { trigger: "custom_trigger", data: nestedValue(depth) };
  expect(() => parseWebhookEvent(value)).toThrow(WebhookPayloadError);
});

test("many brackets side by side are not depth: 10,000 sibling arrays parse", () => {
  const wide = eventWithData(`[${Array.from({ length: 10_000 }, () => "[{}]").join(",")}]`);
  expect((parseWebhookEvent(wide) as { data: unknown[] }).data).toHaveLength(10_000);
});

test("brackets inside strings do not count toward the depth", () => {
  const event = { ...webhookEvents.message_sent, note: "[".repeat(10_000) };
  expect(parseWebhookEvent(JSON.stringify(event)).trigger).toBe("message_sent");
});

test("webhookEventKey on an event built by hand that nests 10,000 deep throws WebhookPayloadError, not a RangeError", () => {
  const deep = { trigger: "custom_trigger", data: nestedValue(10_000) } as never;
  expect(() => webhookEventKey(deep)).toThrow(WebhookPayloadError);
  const cyclic: Record<string, unknown> = { trigger: "custom_trigger" };
  cyclic.data = cyclic;
  expect(() => webhookEventKey(cyclic as never)).toThrow(WebhookPayloadError);
});

test("the receiver answers a deep delivery 400, and its handler never runs", async () => {
  const seen: unknown[] = [];
  const handler = createWebhookHandler({ username: "u", password: "p", onUnknown: (event) => void seen.push(event), on: {} });
  const response = await handler(
    new Request("https://receiver.example/hooks", {
      method: "POST",
      headers: { authorization: `Basic ${btoa("u:p")}` },
      body: eventWithData(nestedArrays(10_000)),
    }),
  );
  expect(response.status).toBe(400);
  expect(await response.text()).toMatch(/at most 128 levels/);
  expect(seen).toEqual([]);
});
