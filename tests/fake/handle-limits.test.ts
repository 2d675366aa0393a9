// fake.handle() and the HTTP front at their edges: a streamed body is read only up to the 1 MiB
// cap, an answer that cannot be written is a 500 rather than a rejected promise, a request held
// by delayNext settles when the fake closes, and a host of another app is refused.
import { type FakeServer, startFakeServer } from "../../src/testing/index";

let fake: FakeServer;

beforeEach(async () => {
  fake = await startFakeServer({ appId: "appaaaa" });
});
afterEach(() => fake.close());

const MIB = 1024 * 1024;

test("a streamed body without Content-Length gets 400 at the 1 MiB cap, and the stream is read no further", async () => {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let pulled = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      // 64 MiB in all, were it read to its end.
      if (pulled >= 64 * MIB) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      cancelled = true;
    },
  });
  const response = await fake.handle(
    new Request(`${fake.url}/users`, {
      method: "POST",
      headers: { apikey: fake.apiKey, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit),
  );
  expect(response.status).toBe(400);
  expect((await response.json()).error.details).toEqual({ body: ["body is larger than 1048576 bytes"] });
  expect(cancelled).toBe(true);
  expect(pulled).toBeLessThan(2 * MIB);
});

test("an answer that JSON cannot hold is a 500 from handle(), not a rejected promise", async () => {
  fake.seed({ users: [{ uid: "odd", name: "Odd", metadata: { big: 1n } as never }] });
  const response = await fake.handle(new Request(`${fake.url}/users/odd`, { headers: { apikey: fake.apiKey } }));
  expect(response.status).toBe(500);
  expect((await response.json()).error.code).toBe("ERR_INTERNAL_SERVER_ERROR");
});

test("a handle() call held by delayNext settles with a 500 when the fake closes", async () => {
  fake.delayNext("list-users", 600_000);
  const held = fake.handle(new Request(`${fake.url}/users`, { headers: { apikey: fake.apiKey } }));
  await fake.close();
  const response = await held;
  expect(response.status).toBe(500);
  expect((await response.json()).error.message).toMatch(/closed while delayNext held/);
});

test("handle() and the HTTP front refuse a Chat or Calls host of another app with 401 AUTH_ERR_INVALID_APPID", async () => {
  const headers = { apikey: fake.apiKey };
  const other = await fake.handle(new Request("https://otherapp.api-us.cometchat.io/users", { headers }));
  expect(other.status).toBe(401);
  expect((await other.json()).error.code).toBe("AUTH_ERR_INVALID_APPID");
  expect((await fake.handle(new Request("https://appaaaa.api-us.cometchat.io/users", { headers }))).status).toBe(200);

  // node:http lets a client name the host it meant, as a proxy in front of the fake would.
  const { request } = await import("node:http");
  const viaHost = (host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${fake.url}/users`, { headers: { ...headers, host } }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.end();
    });
  const refused = await viaHost("otherapp.call-eu.cometchat.io");
  expect(refused.status).toBe(401);
  expect(JSON.parse(refused.body).error.code).toBe("AUTH_ERR_INVALID_APPID");
  expect((await viaHost("appaaaa.api-eu.cometchat.io")).status).toBe(200);
  expect((await viaHost("localhost")).status).toBe(200);
});
