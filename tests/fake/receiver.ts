// A webhook receiver on loopback for the fake's tests: a node:http server, registered as the
// webhook `hooks` with the triggers given, that keeps every event and checks it against its
// event schema in the spec (Message, User and Group closed, as the answers are checked).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ManagementClient } from "../../src/index";
import type { FakeServer, FiredTrigger } from "../../src/testing/index";
import { type JsonObject, resolve } from "../harness/spec";
import { closedSpec as spec, closedValidator as validator } from "./answer-checker";
import { attachWebhook } from "./attach-webhook";

const events = spec["x-webhooks"] as JsonObject;

/** The problems Ajv finds in `payload` against the schema of its trigger's event. */
export function eventProblems(payload: { trigger: string }): string[] {
  const item = events[payload.trigger] as JsonObject | undefined;
  if (!item) return [`${payload.trigger}: no such event in the spec`];
  const media = (((item.post as JsonObject).requestBody as JsonObject).content as JsonObject)["application/json"] as JsonObject;
  return validator.validate(resolve<JsonObject>(spec, media.schema), payload).map((e) => `${payload.trigger}: ${e.path} ${e.message}`);
}

/** The receivers open, closed by {@link closeReceivers} after each test even when it failed half way. */
const open = new Set<() => Promise<void>>();

/** Closes every receiver still open; for `afterEach`. */
export async function closeReceivers(): Promise<void> {
  await Promise.all([...open].map((close) => close()));
}

export interface Received {
  trigger: string;
  data: Record<string, any>;
}

/** Starts the receiver and attaches it to the fake as the webhook `hooks`, with `triggers`. */
export async function receiverOf(fake: FakeServer, management: ManagementClient, triggers: FiredTrigger[]) {
  const received: Received[] = [];
  const problems: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      received.push(body);
      problems.push(...eventProblems(body));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const webhookURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  await attachWebhook(management, fake.appId, { id: "hooks", name: "Hooks", webhookURL }, triggers);
  const close = async () => {
    if (!open.delete(close)) return;
    await fake.webhooksSettled();
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  };
  open.add(close);
  return { received, problems: () => problems, close };
}
