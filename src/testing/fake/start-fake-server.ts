// No ".js" in imports under src/testing: see ../start-mock-server.ts.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { ON_BEHALF_OF } from "../../safety/acting-user";
import { clientUrl } from "../client-url";
import { bundledSpec } from "../prism-process";
import type { FakeCredentials, FakeKeys } from "./pipeline/credentials";
import { fakeSpec } from "./spec/fake-spec";
import { FakeStore } from "./state/fake-store";
import { Faults } from "./faults/faults";
import { checkFakeRateLimits, FakeRateLimiter } from "./pipeline/rate-limiter";
import { requestViolations } from "./spec/request-violations";
import type { SeedCheck } from "./state/seed";
import { checkSnapshot, restoreSnapshot } from "./state/snapshot";
import { checkFakeServerOptions } from "./control/check-fake-server-options";
import { copyState } from "./state/copy-state";
import type { FakeServer, FakeServerOptions } from "./server-types";
import { FakeClock } from "./time/fake-clock";
import { type ControlParts, localControls } from "./control/controls";
import { DeliveryWaits } from "./deliveries/wait-for-delivery";
import { SERVICE_RETRY_DELAYS_MS, WebhookDeliveries } from "./deliveries/webhook-deliveries";
import { startHttpFront } from "./fronts/http";
import { handleInProcess } from "./fronts/in-process";
import type { FakeContext } from "./pipeline/context";

export type { FakeMessage, FakeServer, FakeServerOptions, FakeState } from "./server-types";

const random = (bytes: number) => randomBytes(bytes).toString("hex");

/**
 * Starts a stateful fake of the Chat, Calls and Management APIs on loopback: users, groups,
 * members and messages are kept, with the service's rules, and so are conversations and their
 * receipts, reactions, flags, roles, API keys, notification and moderation records, and apps
 * with their settings, so a test can run a whole flow (create a user, then read it back; send
 * messages, then page through them; read them, and the unread count drops to 0). Every request is
 * checked against the spec (400 with the field in `details`, as the mock answers), and so are the
 * credentials; the operations the fake does not model answer from the spec's examples, as the
 * mock does. Needs the optional peers `ajv`, `ajv-formats` and `find-my-way`
 * (`npm install --save-dev ajv@8.20.0 ajv-formats@2.1.1 find-my-way@9.10.1`).
 *
 * @example
 * const fake = await startFakeServer();
 * const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
 * await unwrap(chat.POST("/users", { body: { uid: "buyer-1", name: "Ada" } }));
 * console.log(fake.state.users.get("buyer-1")?.name); // Ada
 * await fake.close();
 */
export async function startFakeServer(options: FakeServerOptions = {}): Promise<FakeServer> {
  checkFakeServerOptions(options);
  if (options.state !== undefined) checkSnapshot(options.state, "startFakeServer: state");
  const spec = fakeSpec(options.spec ?? bundledSpec);
  const keys: FakeKeys = {
    apiKey: options.apiKey ?? random(20),
    authOnlyKey: options.authOnlyKey ?? random(20),
    key: options.key ?? random(20),
    secret: options.secret ?? random(20),
  };
  const clock = new FakeClock();
  const store = new FakeStore(options.maxItems ?? 100_000, clock);
  store.appId = options.appId ?? options.state?.appId ?? random(8);
  const credentials: FakeCredentials = { appId: store.appId, ...keys };
  const deliveries = new WebhookDeliveries(store, {
    region: options.region ?? "us",
    retryDelays: options.webhookRetryDelays ?? SERVICE_RETRY_DELAYS_MS,
  });
  store.listeners.push(deliveries.listener);
  if (options.state) restoreSnapshot(store, options.state);
  const waits = new DeliveryWaits(deliveries);
  const faults = new Faults((operationId) => spec.byId(operationId) !== undefined);
  const limits = checkFakeRateLimits(options.rateLimits);
  const seedCheck: SeedCheck = (operationId, { path = {}, body, onBehalfOf }) => {
    const operation = spec.byId(operationId);
    if (!operation) return;
    const headers = onBehalfOf === undefined ? {} : { [ON_BEHALF_OF]: onBehalfOf };
    const { errors } = spec.check(operation, { path, search: new URLSearchParams(), headers, body });
    if (errors.length) throw requestViolations(errors, operation);
  };
  const fake: FakeContext = {
    store,
    faults,
    keys,
    holds: new Set(),
    closed: false,
    limiter: limits && new FakeRateLimiter(limits, () => clock.now()),
  };
  const parts: ControlParts = { store, clock, faults, deliveries, waits, limiter: fake.limiter, fake, seedCheck, credentials };
  const controlToken = options.controlToken ?? random(20);
  const host = options.host ?? "127.0.0.1";
  const http = await startHttpFront(spec, fake, { parts, token: controlToken }, { port: options.port ?? 0, host });
  const { port } = http.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  // The controls of the table (./control/controls.ts), then what only the process that runs the fake has.
  const server = {
    url: clientUrl(`http://${host}:${port}`),
    ...credentials,
    controlToken,
    close: () =>
      (closing ??= new Promise<void>((done) => {
        fake.closed = true;
        clock.reset();
        for (const release of fake.holds) release();
        deliveries.clear();
        waits.close();
        http.close(() => done());
        http.closeAllConnections();
      })),
    get state() {
      return copyState(store);
    },
    clock,
    handle: (request: Request) => handleInProcess(spec, request, fake),
  };
  return Object.defineProperties(server, Object.getOwnPropertyDescriptors(localControls(parts))) as unknown as FakeServer;
}
