// Generated bodies and headers, including the awkward ones fast-check finds: parseWebhookEvent
// either returns the object it was given (with a string trigger) or throws WebhookPayloadError,
// and verifyWebhookAuth returns true only for the right credentials, false otherwise, and never throws.
import fc from "fast-check";
import { ChatError } from "../../../src/errors/chat-error";
import { webhookEvents } from "../../../src/testing/index";
import { parseWebhookEvent, verifyWebhookAuth, WebhookPayloadError, webhookEventKey } from "../../../src/webhooks/index";

const RUNS = { numRuns: 500 };
const fixtures = Object.values(webhookEvents);

/** What parseWebhookEvent must do with a value: return it if it is an object with a string trigger, else throw WebhookPayloadError. */
function expectParsedOrRefused(input: unknown, asValue: unknown) {
  const isEvent =
    typeof asValue === "object" &&
    asValue !== null &&
    !Array.isArray(asValue) &&
    typeof (asValue as { trigger?: unknown }).trigger === "string";
  let result: unknown;
  try {
    result = parseWebhookEvent(input);
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookPayloadError);
    expect(isEvent).toBe(false);
    return;
  }
  expect(isEvent).toBe(true);
  expect(result).toEqual(asValue);
  expect(typeof webhookEventKey(result as never)).toBe("string");
}

test("any string body is parsed into an event or refused with WebhookPayloadError", () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.json(), fc.constantFrom(...fixtures.map((f) => JSON.stringify(f)))),
      (body) => {
        let value: unknown;
        let isJson = true;
        try {
          value = JSON.parse(body);
        } catch {
          isJson = false;
        }
        if (!isJson) {
          expect(() => parseWebhookEvent(body)).toThrow(WebhookPayloadError);
          return;
        }
        expectParsedOrRefused(body, value);
      },
    ),
    RUNS,
  );
});

test("any bytes are parsed into an event or refused with WebhookPayloadError", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.uint8Array(),
        fc.json().map((text) => new TextEncoder().encode(text)),
      ),
      (bytes) => {
        try {
          parseWebhookEvent(bytes);
        } catch (error) {
          expect(error).toBeInstanceOf(WebhookPayloadError);
        }
      },
    ),
    RUNS,
  );
});

test("any already-parsed value, an event with any extra fields included, is returned as given or refused", () => {
  const event = fc.record({ trigger: fc.string(), data: fc.jsonValue() }, { requiredKeys: [] });
  fc.assert(
    fc.property(fc.oneof(fc.anything(), fc.jsonValue(), event, fc.constantFrom(...fixtures)), (value) => {
      expectParsedOrRefused(value, value);
    }),
    RUNS,
  );
});

const credentials = fc.record({
  username: fc.string({ minLength: 1, unit: "grapheme" }),
  password: fc.string({ minLength: 1, unit: "grapheme" }),
});
const basicOf = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`, "utf8").toString("base64")}`;

test("the right credentials pass, under any casing of the scheme and with surrounding spaces", () => {
  fc.assert(
    fc.property(credentials, fc.constantFrom("Basic", "basic", "BASIC", "bAsIc"), fc.constantFrom("", " ", "\t"), (creds, scheme, pad) => {
      // A username with a colon cannot be sent in Basic (RFC 7617): the first colon ends it.
      fc.pre(!creds.username.includes(":"));
      const header = `${pad}${scheme} ${Buffer.from(`${creds.username}:${creds.password}`, "utf8").toString("base64")}${pad}`;
      expect(verifyWebhookAuth(header, creds)).toBe(true);
    }),
    RUNS,
  );
});

test("any other header, or none, is refused without throwing", () => {
  const header = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.string(),
    fc.string({ unit: "binary" }),
    fc.string().map((s) => `Basic ${s}`),
    fc.tuple(fc.string(), fc.string()).map(([user, password]) => basicOf(user, password)),
    fc.base64String().map((s) => `Basic ${s}`),
  );
  fc.assert(
    fc.property(credentials, header, (creds, authorization) => {
      fc.pre(authorization !== basicOf(creds.username, creds.password));
      let result: boolean | undefined;
      expect(() => {
        result = verifyWebhookAuth(authorization, creds);
      }).not.toThrow();
      expect(result).toBe(false);
    }),
    RUNS,
  );
});

test("a header that differs from the right one in a single credential character is refused", () => {
  fc.assert(
    fc.property(credentials, fc.boolean(), fc.nat(), fc.string({ minLength: 1, maxLength: 1 }), (creds, inUser, index, replacement) => {
      const target = inUser ? creds.username : creds.password;
      const at = index % target.length;
      const changed = target.slice(0, at) + replacement + target.slice(at + 1);
      fc.pre(changed !== target && !changed.includes(":") && !creds.username.includes(":"));
      const header = inUser ? basicOf(changed, creds.password) : basicOf(creds.username, changed);
      expect(verifyWebhookAuth(header, creds)).toBe(false);
    }),
    RUNS,
  );
});

test("empty expected credentials refuse every header, even one that encodes them", () => {
  expect(verifyWebhookAuth(basicOf("", ""), { username: "", password: "" })).toBe(false);
  expect(verifyWebhookAuth(basicOf("u", ""), { username: "u", password: "" })).toBe(false);
  // Garbage where the caller promised strings still gives false, not an exception.
  expect(verifyWebhookAuth(42 as unknown as string, { username: "u", password: "p" })).toBe(false);
  expect(verifyWebhookAuth(basicOf("u", "p"), null as unknown as { username: string; password: string })).toBe(false);
});

test("base64 without its padding, which the service does not send, is decoded and still checked", () => {
  const unpadded = (user: string, password: string) => basicOf(user, password).replace(/=+$/, "");
  const creds = { username: "chat-events", password: "s3cret!" };
  expect(unpadded("chat-events", "s3cret!")).not.toBe(basicOf("chat-events", "s3cret!"));
  expect(verifyWebhookAuth(unpadded("chat-events", "s3cret!"), creds)).toBe(true);
  expect(verifyWebhookAuth(unpadded("chat-events", "s3cret?"), creds)).toBe(false);
});

test("WebhookPayloadError is a ChatError named for guards that compare names across bundles", () => {
  let caught: unknown;
  try {
    parseWebhookEvent('{"data":{}}');
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(WebhookPayloadError);
  expect(caught).toBeInstanceOf(ChatError);
  expect((caught as Error).name).toBe("WebhookPayloadError");
});
