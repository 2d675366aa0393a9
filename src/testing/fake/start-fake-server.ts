// No ".js" in imports under src/testing: see ../start-mock-server.ts.
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { clientUrl } from "../client-url";
import { bundledSpec } from "../prism-process";
import { fakeSpec } from "./spec/fake-spec";
import { checkSnapshot } from "./state/snapshot";
import { checkFakeServerOptions } from "./control/check-fake-server-options";
import { copyState } from "./state/copy-state";
import type { FakeAppServer, FakeServer, FakeServerOptions, FakeServedApp } from "./server-types";
import { CONTROLS, type ControlParts, localControls } from "./control/controls";
import { SERVICE_RETRY_DELAYS_MS } from "./deliveries/webhook-deliveries";
import { startHttpFront } from "./fronts/http";
import { handleInProcess } from "./fronts/in-process";
import { CLOSED_FAKES } from "./fronts/closed-fakes";
import { APP_PREFIX, type AppToServe, FakeAccount } from "./apps/fake-account";
import type { FakeApp } from "./apps/fake-app";

export type {
  FakeAppOptions,
  FakeAppServer,
  FakeMessage,
  FakeServedApp,
  FakeServer,
  FakeServerOptions,
  FakeState,
} from "./server-types";

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
  const account = new FakeAccount(spec, {
    key: options.key ?? random(20),
    secret: options.secret ?? random(20),
    maxItems: options.maxItems ?? 100_000,
    retryDelays: options.webhookRetryDelays ?? SERVICE_RETRY_DELAYS_MS,
    rateLimits: options.rateLimits,
  });
  const given: AppToServe[] = (
    options.apps ?? [
      { appId: options.appId ?? options.state?.appId, region: options.region, apiKey: options.apiKey, authOnlyKey: options.authOnlyKey },
    ]
  ).map((app) => ({
    ...app,
    appId: app.appId ?? random(8),
    region: app.region ?? "us",
    apiKey: app.apiKey ?? random(20),
    authOnlyKey: app.authOnlyKey ?? random(20),
  }));
  for (const app of given) account.start(app);
  const primary = account.primary;
  const parts: ControlParts = { ...primary.parts, account };
  if (options.state) CONTROLS.find((row) => row.name === "restore")!.run(parts, options.state);
  const controlToken = options.controlToken ?? random(20);
  const host = options.host ?? "127.0.0.1";
  const http = await startHttpFront(spec, account, { parts, token: controlToken }, { port: options.port ?? 0, host });
  const { port } = http.address() as AddressInfo;
  const url = clientUrl(`http://${host}:${port}`);
  const appUrl = (app: FakeApp) => `${url}${APP_PREFIX}${encodeURIComponent(app.appId)}`;
  const served = (app: FakeApp): FakeServedApp => ({ ...app.credentials, region: app.region, url: appUrl(app) });
  let closing: Promise<void> | undefined;
  // The controls of the table (./control/controls.ts), then what only the process that runs the fake has.
  const server = {
    url,
    ...primary.credentials,
    region: primary.region,
    controlToken,
    close: () =>
      (closing ??= new Promise<void>((done) => {
        CLOSED_FAKES.add(server);
        account.close();
        http.close(() => done());
        http.closeAllConnections();
      })),
    get state() {
      return copyState(primary.parts.store);
    },
    get apps() {
      return account.apps.map(served);
    },
    app: (appId: string): FakeAppServer => {
      const app = account.get(appId);
      if (!app)
        throw new TypeError(`fake.app: the fake serves no app ${appId}; it serves ${account.apps.map((one) => one.appId).join(", ")}.`);
      const one = {
        ...served(app),
        get state() {
          return copyState(app.parts.store);
        },
        clock: app.parts.clock,
      };
      return Object.defineProperties(one, Object.getOwnPropertyDescriptors(localControls(app.parts))) as unknown as FakeAppServer;
    },
    clock: primary.parts.clock,
    handle: (request: Request) => handleInProcess(spec, request, account),
  };
  return Object.defineProperties(server, Object.getOwnPropertyDescriptors(localControls(parts))) as unknown as FakeServer;
}
