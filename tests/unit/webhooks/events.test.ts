import { webhookEventKeyFields } from "../../../generated/webhook-events";
import { deliverWebhook, webhookEvents } from "../../../src/testing/index";
import { parseWebhookEvent, webhookEventKey } from "../../../src/webhooks/index";
import { responseValidator } from "../../harness/response-validator";
import { type JsonObject, loadSpec, resolve } from "../../harness/spec";

// One case per event of the spec's x-webhooks: the test kit's fixture (the documented payload)
// parses, validates against its schema and the WebhookEvent union, narrows on its trigger, and
// has an idempotency key built from the fields the spec names.
const spec = loadSpec();
const validator = responseValidator(spec);
const webhooks = spec["x-webhooks"] as JsonObject;
const union = (spec.components.schemas as JsonObject).WebhookEvent as JsonObject;

interface EventCase {
  name: string;
  schema: JsonObject;
  keyFields: string[];
  examples: Record<string, unknown>;
}

const cases: EventCase[] = Object.entries(webhooks).map(([name, item]) => {
  const media = (((item as JsonObject).post as JsonObject).requestBody as JsonObject).content as JsonObject;
  const json = media["application/json"] as JsonObject;
  const schema = resolve<JsonObject>(spec, json.schema);
  const examples = Object.fromEntries(Object.entries(json.examples as JsonObject).map(([k, v]) => [k, (v as JsonObject).value]));
  return { name, schema, keyFields: schema["x-idempotency-key"] as string[], examples };
});

const at = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((node, name) => (node as Record<string, unknown> | undefined)?.[name], value);

/** A copy of `value` with `path` set to `replacement`. */
function withField(value: unknown, path: string, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const names = path.split(".");
  let node = copy;
  for (const name of names.slice(0, -1)) node = node[name] as Record<string, unknown>;
  node[names.at(-1) as string] = replacement;
  return copy;
}

/** The same JSON with every object's keys in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedKeys(v)]),
  );
}

test("the spec lists the 56 current triggers and the 3 legacy-only ones, and the test kit has a fixture for each", () => {
  expect(cases).toHaveLength(59);
  expect(Object.keys(webhookEvents).sort()).toEqual(cases.map((c) => c.name).sort());
});

test.each(cases)(
  "$name: every named example validates against the event's schema and matches exactly one branch of WebhookEvent",
  ({ schema, examples }) => {
    for (const value of Object.values(examples)) {
      expect(validator.validate(schema, value)).toEqual([]);
      expect(validator.validate(union, value)).toEqual([]);
    }
  },
);

test.each(cases)("$name: the fixture parses from its JSON text, narrows on its trigger, and keeps every field", ({ name }) => {
  const fixture = webhookEvents[name as keyof typeof webhookEvents];
  const event = parseWebhookEvent(JSON.stringify(fixture));
  expect(event).toEqual(fixture);
  expect(parseWebhookEvent(new TextEncoder().encode(JSON.stringify(fixture)))).toEqual(fixture);
  // The schema's trigger enum names the event (the legacy connection change has a second spelling).
  const schema = cases.find((c) => c.name === name)?.schema as JsonObject;
  expect((schema.properties as JsonObject).trigger).toMatchObject({ enum: expect.arrayContaining([String(event.trigger)]) });
});

test.each(cases)(
  "$name: the idempotency key is the app and the spec's x-idempotency-key, and ignores key order and every other field",
  ({ name, keyFields }) => {
    expect(webhookEventKeyFields[name as keyof typeof webhookEventKeyFields]).toEqual(keyFields);
    const fixture = webhookEvents[name as keyof typeof webhookEvents];
    const key = webhookEventKey(parseWebhookEvent(JSON.stringify(fixture)));
    expect(webhookEventKey(parseWebhookEvent(JSON.stringify(reversedKeys(fixture))))).toBe(key);
    // The app and each key field change the key; a field outside the key does not.
    for (const field of ["appId", ...keyFields]) {
      const changed = withField(fixture, field, at(fixture, field) === "other" ? "other-2" : "other");
      expect(webhookEventKey(parseWebhookEvent(changed))).not.toBe(key);
    }
    const untouched = withField(fixture, "region", "another-region");
    expect(webhookEventKey(parseWebhookEvent(untouched))).toBe(key);
  },
);

test("message_sent's key is its app, then its webhook, trigger and message ID as the service's documentation defines it", () => {
  const event = parseWebhookEvent(JSON.stringify(webhookEvents.message_sent));
  expect(webhookEventKey(event)).toBe('["<appId>","<webhookID>","message_sent","1"]');
  if (event.trigger === "message_sent") expect(event.data.message.data.text).toBe("hi");
  else throw new Error("message_sent did not narrow");
});

test("call and meeting events keep the strings the service sends for booleans and numbers", () => {
  const joined = parseWebhookEvent(JSON.stringify(webhookEvents.call_participant_joined));
  if (joined.trigger !== "call_participant_joined") throw new Error("did not narrow");
  expect(joined.type).toBe("call");
  expect(joined.data.occupant.audio_call).toBe("true");
  expect(joined.data.initial_config?.is_audio_only).toBe("true");
  const recording = parseWebhookEvent(JSON.stringify(webhookEvents.recording_generated));
  if (recording.trigger !== "recording_generated") throw new Error("did not narrow");
  expect(recording.data.duration).toBe("21.433000");
});

test("deliverWebhook posts the event as JSON with the webhook's Basic credentials", async () => {
  const seen: Request[] = [];
  const response = await deliverWebhook("https://receiver.example/webhooks", webhookEvents.group_created, {
    username: "chat-events",
    password: "pässword",
    fetch: async (input, init) => {
      seen.push(new Request(input, init));
      return new Response(null, { status: 204 });
    },
  });
  expect(response.status).toBe(204);
  const [request] = seen;
  expect(request?.method).toBe("POST");
  expect(request?.headers.get("content-type")).toBe("application/json");
  expect(request?.headers.get("authorization")).toBe(`Basic ${Buffer.from("chat-events:pässword", "utf8").toString("base64")}`);
  expect(await request?.json()).toEqual(webhookEvents.group_created);
});
