// The fake in a child process, sent what once ended it or left it broken: bodies nested
// thousands of levels deep, and an answer JSON cannot hold. A body deeper than the documented
// limit is refused with 400 before anything is stored; an answer that cannot be written is a 500;
// the process keeps serving either way.
import { type ChildServer, startServerInChild } from "../harness/server-in-child";

const APP_ID = "appaaaa";
const API_KEY = "test-key";

let fake: ChildServer | undefined;

// A child that a test ended is replaced, so that each test shows its own finding.
beforeEach(async () => {
  if (fake?.alive()) return;
  fake = await startServerInChild(
    "fake-survives",
    `
    import { startFakeServer } from "./src/testing/index";
    startFakeServer({ appId: "${APP_ID}", apiKey: "${API_KEY}" }).then((fake) => {
      // An answer JSON cannot hold: JSON.stringify throws on a BigInt.
      fake.seed({ users: [{ uid: "ann", name: "Ann" }, { uid: "odd", name: "Odd", metadata: { big: 1n } as never }] });
      console.log(JSON.stringify({ url: fake.url }));
      // The fake does not hold the process open by itself (its server is unref'd).
      setInterval(() => {}, 60_000);
    });
    `,
  );
});
afterAll(() => fake?.stop());

function running(): ChildServer {
  if (!fake) throw new Error("the fake did not start");
  return fake;
}

const call = (method: string, path: string, body?: string) =>
  fetch(`${running().info.url}${path}`, { method, headers: { apikey: API_KEY, "content-type": "application/json" }, body });

/** JSON text of an array nested `depth` deep. */
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

afterEach(async () => {
  expect((await call("GET", "/users/ann")).status).toBe(200);
  expect(running().alive()).toBe(true);
  expect(running().stderr()).toBe("");
});

test("notification settings with a field nested 6,000 deep are refused with 400, and reading the settings still works", async () => {
  const patch = await call("PATCH", "/notifications/v1/settings", `{"sound":{"call":"ring.caf"},"extra":${nested(6_000)}}`);
  expect(patch.status).toBe(400);
  expect((await patch.json()).error.details).toEqual({ body: ["body nests arrays and objects deeper than 64 levels"] });
  expect((await call("GET", "/notifications/v1/settings")).status).toBe(200);
});

test("a message whose metadata nests 50,000 deep is refused with 400 and not stored; the message list still answers", async () => {
  const sent = await call(
    "POST",
    "/messages",
    `{"receiver":"ann","receiverType":"user","data":{"text":"deep","metadata":{"x":${nested(50_000)}}}}`,
  );
  expect(sent.status).toBe(400);
  const list = await call("GET", "/messages");
  expect(list.status).toBe(200);
  expect((await list.json()).data).toEqual([]);
});

test("a body nested exactly 64 levels is accepted", async () => {
  // The body is level 1, data 2, metadata 3: 61 more levels of arrays fill it to 64.
  const sent = await call(
    "POST",
    "/messages",
    `{"receiver":"ann","receiverType":"user","data":{"text":"deep","metadata":{"x":${nested(61)}}}}`,
  );
  expect(sent.status).toBe(200);
});

test("an answer that JSON cannot hold is a 500, and the process serves on", async () => {
  const answer = await call("GET", "/users/odd");
  expect(answer.status).toBe(500);
  expect((await answer.json()).error.code).toBe("ERR_INTERNAL_SERVER_ERROR");
});
