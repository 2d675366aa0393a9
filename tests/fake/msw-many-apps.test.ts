// MSW in front of several apps: one setupServer answers every app of one fake, and of several
// fakes, each at its own hosts; a host of an app no fake serves is refused as the service does.
import { setupServer } from "msw/node";
import { createChatClient, createManagementClient, unwrap } from "../../src/index";
import { chatFakeHandlers, type FakeServer, startFakeServer } from "../../src/testing/index";

let tenants: FakeServer;
let solo: FakeServer;
let msw: ReturnType<typeof setupServer>;

beforeAll(async () => {
  tenants = await startFakeServer({ apps: [{ appId: "tenant-eu", region: "eu" }, { appId: "tenant-us" }] });
  solo = await startFakeServer({ appId: "solo-app" });
  // Two fakes, each spread on its own: the first one's handlers must not answer the second one's hosts.
  msw = setupServer(...chatFakeHandlers(tenants), ...chatFakeHandlers(solo));
  msw.listen({ onUnhandledRequest: "error" });
});
afterAll(async () => {
  msw.close();
  await tenants.close();
  await solo.close();
});

const client = (fake: FakeServer, appId: string, region: "eu" | "us" = "us") => {
  const app = fake.apps.find((one) => one.appId === appId)!;
  return createChatClient({ appId, apiKey: app.apiKey, region });
};

test("each app of each fake is answered at its own host, from its own state", async () => {
  await unwrap(client(tenants, "tenant-eu", "eu").POST("/users", { body: { uid: "ada", name: "Ada eu" } }));
  await unwrap(client(tenants, "tenant-us").POST("/users", { body: { uid: "ada", name: "Ada us" } }));
  await unwrap(client(solo, "solo-app").POST("/users", { body: { uid: "ada", name: "Ada solo" } }));
  expect(tenants.app("tenant-eu").state.users.get("ada")?.name).toBe("Ada eu");
  expect(tenants.app("tenant-us").state.users.get("ada")?.name).toBe("Ada us");
  expect(solo.state.users.get("ada")?.name).toBe("Ada solo");
});

test("a host of an app no fake serves gets 401 AUTH_ERR_INVALID_APPID, and another app's key 401 AUTH_ERR_APIKEY_NOT_FOUND", async () => {
  const nobody = await createChatClient({ appId: "nobody", apiKey: tenants.apiKey, region: "eu" }).GET("/users");
  expect(nobody.response.status).toBe(401);
  expect((nobody.error as { error: { code: string } }).error.code).toBe("AUTH_ERR_INVALID_APPID");
  const crossed = await createChatClient({ appId: "solo-app", apiKey: tenants.apiKey }).GET("/users");
  expect(crossed.response.status).toBe(401);
  expect((crossed.error as { error: { code: string } }).error.code).toBe("AUTH_ERR_APIKEY_NOT_FOUND");
});

test("the Management host is answered by the fake whose key is sent", async () => {
  const listed = await unwrap(createManagementClient({ key: solo.key, secret: solo.secret }).GET("/apps"));
  expect(listed.data.map((app) => app.id)).toEqual(["solo-app"]);
  const both = await unwrap(createManagementClient({ key: tenants.key, secret: tenants.secret }).GET("/apps"));
  expect(both.data.map((app) => [app.id, app.region])).toEqual([
    ["tenant-eu", "eu"],
    ["tenant-us", "us"],
  ]);
});

test("an app only a closed fake served is refused by the open fake's handlers, not left unanswered", async () => {
  const gone = await startFakeServer({ appId: "gone-app" });
  chatFakeHandlers(gone);
  await gone.close();
  msw.close();
  const local = setupServer(...chatFakeHandlers(solo));
  local.listen({ onUnhandledRequest: "error" });
  try {
    const answer = await createChatClient({ appId: "gone-app", apiKey: gone.apiKey }).GET("/users");
    expect(answer.response.status).toBe(401);
    expect((answer.error as { error: { code: string } }).error.code).toBe("AUTH_ERR_INVALID_APPID");
  } finally {
    local.close();
    msw.listen({ onUnhandledRequest: "error" });
  }
});
