// One fake serving several apps: each app's URL, host and keys reach that app's data only; an app
// created through the Management API works on the Chat API with the keys its answer gives; the
// controls act per app, and a snapshot carries every app.
import { createChatClient, createManagementClient, unwrap } from "../../src/index";
import { connectFake, type FakeServer, startFakeServer } from "../../src/testing/index";

let fake: FakeServer;

beforeAll(async () => {
  fake = await startFakeServer({
    apps: [
      { appId: "tenant-eu", region: "eu", apiKey: "eu-key", authOnlyKey: "eu-auth" },
      { appId: "tenant-us", region: "us", apiKey: "us-key", authOnlyKey: "us-auth" },
    ],
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const chatOf = (appId: string, apiKey: string) => {
  const app = fake.apps.find((one) => one.appId === appId)!;
  return createChatClient({ appId, apiKey, baseUrl: app.url });
};

test("each app's url and key reach that app's data only, and the same uid in two apps is two users", async () => {
  const eu = chatOf("tenant-eu", "eu-key");
  const us = chatOf("tenant-us", "us-key");
  await unwrap(eu.POST("/users", { body: { uid: "ada", name: "Ada in eu" } }));
  await unwrap(us.POST("/users", { body: { uid: "ada", name: "Ada in us" } }));
  await unwrap(eu.POST("/users", { body: { uid: "bo", name: "Bo" } }));
  expect((await unwrap(eu.GET("/users/{uid}", { params: { path: { uid: "ada" } } }))).data.name).toBe("Ada in eu");
  expect((await unwrap(us.GET("/users/{uid}", { params: { path: { uid: "ada" } } }))).data.name).toBe("Ada in us");
  expect((await us.GET("/users/{uid}", { params: { path: { uid: "bo" } } })).response.status).toBe(404);
  expect([...fake.app("tenant-eu").state.users.keys()].sort()).toEqual(["ada", "bo"]);
  expect([...fake.app("tenant-us").state.users.keys()]).toEqual(["ada"]);
});

test("another app's key is refused 401 AUTH_ERR_APIKEY_NOT_FOUND, and an app the fake does not serve 401 AUTH_ERR_INVALID_APPID", async () => {
  const wrongKey = await chatOf("tenant-us", "eu-key").GET("/users");
  expect(wrongKey.response.status).toBe(401);
  expect((wrongKey.error as { error: { code: string } }).error.code).toBe("AUTH_ERR_APIKEY_NOT_FOUND");
  const unknown = createChatClient({ appId: "nobody", apiKey: "eu-key", baseUrl: `${fake.url}/app/nobody` });
  const answer = await unknown.GET("/users");
  expect(answer.response.status).toBe(401);
  expect((answer.error as { error: { code: string } }).error.code).toBe("AUTH_ERR_INVALID_APPID");
  const byHost = await fake.handle(new Request("https://nobody.api-eu.cometchat.io/users", { headers: { apikey: "eu-key" } }));
  expect(byHost.status).toBe(401);
  const usByHost = await fake.handle(new Request("https://tenant-us.api-us.cometchat.io/users", { headers: { apikey: "us-key" } }));
  expect(usByHost.status).toBe(200);
  const usKeyOnEuHost = await fake.handle(new Request("https://tenant-eu.api-eu.cometchat.io/users", { headers: { apikey: "us-key" } }));
  expect(usKeyOnEuHost.status).toBe(401);
});

test("the Management API lists every app in its real region, and an app it creates works on the Chat API with the keys it gave", async () => {
  const management = createManagementClient({ key: fake.key, secret: fake.secret, baseUrl: fake.url });
  const listed = await unwrap(management.GET("/apps"));
  expect(listed.data.map((app) => [app.id, app.region])).toEqual([
    ["tenant-eu", "eu"],
    ["tenant-us", "us"],
  ]);
  const created = (await unwrap(management.POST("/apps", { body: { name: "Tenant in", region: "in" } }))).data;
  const keys = Object.values(created.apiKeys ?? {});
  const apiKey = keys.find((key) => key.scope === "fullAccess")!.apiKey!;
  const chat = createChatClient({ appId: created.id, apiKey, baseUrl: `${fake.url}/app/${created.id}` });
  await unwrap(chat.POST("/users", { body: { uid: "cy", name: "Cy" } }));
  expect(fake.app(created.id).state.users.has("cy")).toBe(true);
  expect(fake.app("tenant-eu").state.users.has("cy")).toBe(false);
  expect(fake.apps.map((app) => app.region)).toEqual(["eu", "us", "in"]);
  // Its webhooks are its own: created under /apps/{appId}, they fire on its events only.
  const webhook = await management.POST("/apps/{appId}/webhooks", {
    params: { path: { appId: created.id } },
    body: { id: "hook", name: "Hook", webhookURL: "https://example.com/hook", enabled: true },
  });
  expect(webhook.response.status).toBe(200);
  // A reset forgets what the Management API created.
  fake.reset();
  expect(fake.apps.map((app) => app.appId)).toEqual(["tenant-eu", "tenant-us"]);
  expect((await chat.GET("/users")).response.status).toBe(401);
});

test("a fake of one app started in eu lists its app in eu", async () => {
  const one = await startFakeServer({ region: "eu" });
  try {
    const management = createManagementClient({ key: one.key, secret: one.secret, baseUrl: one.url });
    expect((await unwrap(management.GET("/apps"))).data[0]!.region).toBe("eu");
  } finally {
    await one.close();
  }
});

test("one app's controls act on it alone; the fake's snapshot and restore cover every app", async () => {
  fake.app("tenant-eu").seed({ users: [{ uid: "ana", name: "Ana" }] });
  fake.app("tenant-us").seed({ users: [{ uid: "ben", name: "Ben" }] });
  const both = fake.snapshot();
  fake.app("tenant-us").reset();
  expect(fake.app("tenant-eu").state.users.has("ana")).toBe(true);
  expect(fake.app("tenant-us").state.users.size).toBe(0);
  fake.restore(JSON.parse(JSON.stringify(both)));
  expect(fake.app("tenant-us").state.users.has("ben")).toBe(true);
  fake.app("tenant-eu").failNext("list-users", { status: 400 });
  expect((await chatOf("tenant-us", "us-key").GET("/users")).response.status).toBe(200);
  expect((await chatOf("tenant-eu", "eu-key").GET("/users")).response.status).toBe(400);
  const remoteUs = await connectFake(fake.apps[1]!.url, fake.controlToken);
  await remoteUs.seed({ users: [{ uid: "cal", name: "Cal" }] });
  expect(fake.app("tenant-us").state.users.has("cal")).toBe(true);
  expect(fake.app("tenant-eu").state.users.has("cal")).toBe(false);
  // The fake's own URL lists every app, and app() reaches one; its reset covers every app.
  const remote = await connectFake(fake.url, fake.controlToken);
  expect(remote.apps?.map((app) => [app.appId, app.region, app.url])).toEqual(fake.apps.map((app) => [app.appId, app.region, app.url]));
  await (await remote.app("tenant-eu")).seed({ users: [{ uid: "dee", name: "Dee" }] });
  expect(fake.app("tenant-eu").state.users.has("dee")).toBe(true);
  await remote.reset();
  expect(fake.app("tenant-eu").state.users.size + fake.app("tenant-us").state.users.size).toBe(0);
  await expect(connectFake(`${fake.url}/app/nobody`, fake.controlToken)).rejects.toThrow(/serves no app/);
});

test("a fake restarted from a snapshot of several apps serves each app's state", async () => {
  fake.app("tenant-us").seed({ users: [{ uid: "ben", name: "Ben" }] });
  const again = await startFakeServer({ apps: [{ appId: "tenant-eu" }, { appId: "tenant-us", apiKey: "k-us" }], state: fake.snapshot() });
  try {
    expect(again.app("tenant-us").state.users.has("ben")).toBe(true);
  } finally {
    await again.close();
  }
});

test("each app counts its own rate-limit windows, and its own clock moves them", async () => {
  const limited = await startFakeServer({
    apps: [
      { appId: "tenant-eu", apiKey: "eu-key" },
      { appId: "tenant-us", apiKey: "us-key" },
    ],
    rateLimits: { app: { all: { limit: 2, windowMs: 60_000 } } },
  });
  try {
    const [eu, us] = ["tenant-eu", "tenant-us"].map((appId) => {
      const app = limited.apps.find((one) => one.appId === appId)!;
      return createChatClient({ appId, apiKey: app.apiKey, baseUrl: app.url, maxRetries: 0 });
    });
    for (const app of ["tenant-eu", "tenant-us"]) limited.app(app).clock.freeze(Date.UTC(2030, 0, 1));
    expect((await eu!.GET("/users")).response.status).toBe(200);
    expect((await eu!.GET("/users")).response.status).toBe(200);
    expect((await eu!.GET("/users")).response.status).toBe(429);
    expect((await us!.GET("/users")).response.status).toBe(200);
    await limited.app("tenant-eu").clock.advance(60_001);
    expect((await eu!.GET("/users")).response.status).toBe(200);
    expect(limited.app("tenant-us").requests.tooMany()).toEqual([]);
    expect(limited.app("tenant-eu").requests.tooMany()).toHaveLength(1);
  } finally {
    await limited.close();
  }
});
