// A recording that starts in an app with users, a group and members already there: the replay
// seeds them from the recording's own answers, so that a fresh fake answers as the first did.
import { createChatClient, unwrap } from "../../src/index";
import { formatVerifyReport, type Recording, recordTraffic, startFakeServer, verifyFake } from "../../src/testing/index";

let recording: Recording;

beforeAll(async () => {
  const fake = await startFakeServer();
  fake.seed({
    users: [
      { uid: "ana", name: "Ana", metadata: { team: "north" } },
      { uid: "ben", name: "Ben" },
      { uid: "cy", name: "Cy" },
    ],
    groups: [{ guid: "team", name: "Team", type: "private", owner: "ana" }],
    members: [{ guid: "team", uid: "ben", scope: "moderator" }],
  });
  fake.clock.freeze(Date.UTC(2026, 2, 3, 10));
  const recorder = recordTraffic({ appId: fake.appId, now: () => fake.clock.now() });
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
  chat.use(recorder, { onResponse: () => fake.clock.advance(1000).then(() => undefined) });
  await unwrap(chat.GET("/groups/{guid}", { params: { path: { guid: "team" } } }));
  await unwrap(chat.GET("/groups/{guid}/members", { params: { path: { guid: "team" } } }));
  await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "cy" } } }));
  await unwrap(chat.as("ben").POST("/groups/{guid}/members", { params: { path: { guid: "team" } }, body: { participants: ["cy"] } }));
  await unwrap(chat.as("cy").POST("/messages", { body: { receiver: "team", receiverType: "group", data: { text: "Hello team" } } }));
  await unwrap(chat.GET("/groups/{guid}/members", { params: { path: { guid: "team" } } }));
  recording = recorder.recording;
  await fake.close();
});

test("users, a group and its members that existed before the recording are seeded from its answers, and the replay matches", async () => {
  const report = await verifyFake(recording);
  expect(report.seeded).toEqual({ users: 3, groups: 1, members: 1, refused: [] });
  expect(formatVerifyReport(report)).toMatch(/^OK: 6 exchanges replayed/);
  expect(report.differences).toEqual([]);
});

test("a user whose create answered 409 existed before: it is seeded from the request, and the replay answers 409 again", async () => {
  const fake = await startFakeServer();
  fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
  const recorder = recordTraffic();
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
  chat.use(recorder);
  expect((await chat.POST("/users", { body: { uid: "Ana", name: "Ana again" } })).response.status).toBe(409);
  await fake.close();
  const report = await verifyFake(recorder.recording);
  expect(report.seeded.users).toBe(1);
  expect(report.differences).toEqual([]);
});
