// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import { createRequire } from "node:module";
import { join } from "node:path";
import { packageRoot } from "../../prism-process";
import type { FakeServer } from "../server-types";
import { DELIVERY_HEADER } from "../deliveries/webhook-deliveries";
import { CLOSED_FAKES } from "./closed-fakes";

/** The version of msw this package is tested with, for the install hint. */
const MSW_VERSION = "2.15.0";

/** The hosts the SDK's clients call, with the path prefix each adds to the spec's paths. */
const HOSTS = [
  // Chat API: https://{appId}.api-{region}.cometchat.io/v3, any region.
  /^https:\/\/[a-z0-9-]+\.api-[a-z0-9-]+\.cometchat\.io\/v3(?=[/?]|$)/i,
  // Calls API: https://{appId}.call-{region}.cometchat.io/v3.
  /^https:\/\/[a-z0-9-]+\.call-[a-z0-9-]+\.cometchat\.io\/v3(?=[/?]|$)/i,
  // Management API, one host for every region.
  /^https:\/\/apimgmt\.cometchat\.io(?=[/?]|$)/i,
];

interface Msw {
  http: {
    all(
      predicate: RegExp | ((info: { request: Request }) => boolean),
      resolver: (info: { request: Request }) => Promise<Response | undefined> | Response | undefined,
    ): unknown;
  };
  passthrough(): Response;
}

function loadMsw(): Msw {
  // Resolved from this package's root, as the fake's other optional peers are.
  const require = createRequire(join(packageRoot, "package.json"));
  try {
    return require("msw") as Msw;
  } catch (error) {
    if ((error as { code?: string }).code !== "MODULE_NOT_FOUND" && (error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND")
      throw error;
    throw new Error(`chatFakeHandlers needs msw: install it with \`npm install --save-dev msw@${MSW_VERSION}\`.`);
  }
}

/** Every fake whose handlers this process made: a request for an app one of them serves (while open) is left to its handlers. */
const WITH_HANDLERS = new Set<FakeServer>();

const APP_OF_HOST = /^([a-z0-9-]+)\.(?:api|call)-/i;

/** Whether `fake` is the one to answer `request`: it serves the app the host names, or (on the Management host) it holds the key sent. */
function serves(fake: FakeServer, request: Request): boolean {
  const { hostname } = new URL(request.url);
  const appId = APP_OF_HOST.exec(hostname)?.[1];
  if (appId !== undefined) return fake.apps.some((app) => app.appId.toLowerCase() === appId.toLowerCase());
  return request.headers.get("key") === fake.key;
}

/**
 * MSW request handlers that answer the SDK's real URLs from one fake or several: the Chat and
 * Calls hosts of every app they serve, in any region, and the Management host. Pass them to `setupServer` (from `msw/node`) and
 * the clients need no `baseUrl`; each request is answered in process by `fake.handle`, without a
 * socket, with the same checks and state as the fake's HTTP front. A host of another app gets the
 * service's 401 `AUTH_ERR_INVALID_APPID`, so a client built with the wrong `appId` fails as it
 * would against the service: each request goes to the fake that serves the app its host names
 * (on the Management host, the fake whose `key` it sends); one for an app served by the fake of
 * other handlers (`setupServer(...chatFakeHandlers(a), ...chatFakeHandlers(b))`) is left to
 * those; one for an app no fake serves gets 401 `AUTH_ERR_INVALID_APPID` (a wrong `key`, 401), never another app's answer; each host serves only its own API's paths (a Chat path on the
 * Management host is a 404). The fake's own webhook deliveries pass through to their receivers,
 * whatever `onUnhandledRequest` says (a receiver mocked with MSW gets them only if its handler
 * comes first, as with `server.use`). Needs the optional peer `msw` 2.
 * Typed `any[]` so that these types compile without msw installed; `setupServer` takes them as they are.
 *
 * @example
 * import { setupServer } from "msw/node";
 * import { createChatClient, unwrap } from "chat-rest-sdk";
 * import { chatFakeHandlers, startFakeServer } from "chat-rest-sdk/testing";
 *
 * const fake = await startFakeServer();
 * const server = setupServer(...chatFakeHandlers(fake));
 * server.listen();
 * const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, region: "eu" });
 * await unwrap(chat.POST("/users", { body: { uid: "ada", name: "Ada" } }));
 * server.close();
 * await fake.close();
 */
export function chatFakeHandlers(...fakes: [FakeServer, ...FakeServer[]]): any[] {
  if (fakes.length === 0) throw new TypeError("chatFakeHandlers: give the fake (or fakes) to answer from.");
  const { http, passthrough } = loadMsw();
  for (const other of WITH_HANDLERS) if (CLOSED_FAKES.has(other)) WITH_HANDLERS.delete(other);
  for (const one of fakes) WITH_HANDLERS.add(one);
  const hosts = HOSTS.map((host) =>
    http.all(host, async ({ request }) => {
      const ours = fakes.find((one) => serves(one, request));
      const elsewhere = [...WITH_HANDLERS].some((other) => !fakes.includes(other) && !CLOSED_FAKES.has(other) && serves(other, request));
      if (!ours && elsewhere) return undefined;
      // No fake serves it: the first refuses it as the service does (an unknown app, a wrong key).
      const fake = ours ?? fakes[0]!;
      // The fake routes the spec's paths: the /v3 of the Chat and Calls hosts goes. The host stays,
      // for the fake to refuse another app's.
      const url = new URL(request.url.replace(host, new URL(request.url).origin));
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      return fake.handle(
        new Request(url, { method: request.method, headers: request.headers, body: hasBody ? await request.arrayBuffer() : undefined }),
      );
    }),
  );
  // A delivery is the fake's own request, not the code under test's: it goes out as it is.
  const deliveries = http.all(
    ({ request }) => request.headers.has(DELIVERY_HEADER),
    () => passthrough(),
  );
  return [...hosts, deliveries];
}
