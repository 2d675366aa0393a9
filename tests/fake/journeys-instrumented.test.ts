// The journeys of journeys.test.ts run again with instrumentChat on, recording spans and metrics in
// memory; the last test searches every span name, attribute and event attribute, and every metric
// point's attributes, for the credentials, the auth tokens and the UIDs the journeys used.
import diagnosticsChannel from "node:diagnostics_channel";
import { ATTEMPT_CHANNEL } from "../../src/diagnostics/channel-names";
import type { AttemptDiagnostics } from "../../src/index";
import { instrumentChat } from "../../src/otel/index";
import { type Recording, recordTelemetry, useOtelContext } from "../unit/otel/otel-harness";

useOtelContext();

let telemetry: Recording;
let stop: () => void;
// Every UID and token the service named (a receiver may be a group, so only senders), and the acting users.
const secrets = new Set<string>();
const attempts = diagnosticsChannel.tracingChannel<unknown, AttemptDiagnostics>(ATTEMPT_CHANNEL);
const harvest = {
  start: (attempt: AttemptDiagnostics) => {
    const uid = attempt.userIds().onBehalfOf;
    if (uid) secrets.add(uid);
  },
  asyncEnd: (attempt: AttemptDiagnostics) => {
    const body = (attempt.result as { body?: unknown } | undefined)?.body;
    if (typeof body !== "string") return;
    for (const [, value] of body.matchAll(/"(?:uid|authToken|sender|owner|apiKey)"\s*:\s*"([^"]+)"/g)) secrets.add(value!);
    for (const [, list] of body.matchAll(/"uids"\s*:\s*\[([^\]]*)\]/g))
      for (const [, value] of list!.matchAll(/"([^"]+)"/g)) secrets.add(value!);
  },
};

beforeAll(() => {
  telemetry = recordTelemetry();
  stop = instrumentChat({ tracerProvider: telemetry.tracerProvider, meterProvider: telemetry.meterProvider });
  attempts.subscribe(harvest as never);
});
afterAll(async () => {
  attempts.unsubscribe(harvest as never);
  stop();
  await telemetry.close();
});

// The fakes the journeys start, so that their credentials are searched for too.
const mockCredentials: string[] = [];
jest.mock("../../src/testing/index", () => {
  const actual = jest.requireActual("../../src/testing/index");
  return {
    ...actual,
    async startFakeServer(...args: unknown[]) {
      const fake = await actual.startFakeServer(...args);
      mockCredentials.push(fake.apiKey, fake.authOnlyKey, fake.key, fake.secret);
      return fake;
    },
  };
});

require("./journeys.test");

/** A value holds `secret` when one of its parts (between slashes, spaces and punctuation) is it, or it contains a long one. */
function holds(value: string, secret: string): boolean {
  const lower = value.toLowerCase();
  const wanted = secret.toLowerCase();
  if (wanted.length >= 12 && lower.includes(wanted)) return true;
  return lower.split(/[/?&=:,;\s"'()[\]{}]+/).includes(wanted);
}

test("no span or metric of the journeys holds a credential, an auth token or a UID", async () => {
  expect(mockCredentials.length).toBeGreaterThanOrEqual(4);
  for (const credential of mockCredentials) secrets.add(credential);
  const spans = telemetry.spans();
  expect(spans.length).toBeGreaterThan(50);
  expect(secrets.size).toBeGreaterThan(5);
  const values: string[] = [];
  for (const span of spans) {
    values.push(span.name);
    for (const value of Object.values(span.attributes)) values.push(String(value));
    for (const event of span.events) for (const value of Object.values(event.attributes ?? {})) values.push(String(value));
  }
  for (const name of ["http.client.request.duration", "chat.rate_limit.wait.duration"])
    for (const point of await telemetry.histogram(name)) for (const value of Object.values(point.attributes)) values.push(String(value));
  const found = values.flatMap((value) => [...secrets].filter((secret) => holds(value, secret)).map((secret) => `${secret} in ${value}`));
  expect(found).toEqual([]);
});
