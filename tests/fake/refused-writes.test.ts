// A request the fake refuses stores nothing: a write that meets maxItems midway (members added
// one by one, a group created with its members, friends) leaves the model as it was, and so does
// any refused write, whatever it had changed before it failed; the changes it would have reported
// by webhook are not reported.
import { FakeStore } from "../../src/testing/fake/state/fake-store";
import { JournaledMap } from "../../src/testing/fake/state/store-journal";
import { answerChecker } from "./answer-checker";
import { useFakeStarter } from "./checked-fake";

const checker = answerChecker();
const start = useFakeStarter(checker);

const uids = Array.from({ length: 25 }, (_, i) => `u${i}`);
const quota = { error: { code: "ERR_PLAN_QUOTA_RESTRICTION" } };

test("adding 25 members to a group with room for 9 is refused with 403 and adds none of them", async () => {
  // 25 users and the group: 26 items; each member added takes 2 (the membership and its action message).
  const { fake, chat } = await start({ maxItems: 26 + 9 * 2 });
  fake.seed({ users: uids.map((uid) => ({ uid, name: uid })), groups: [{ guid: "g", name: "G" }] });
  const before = fake.snapshot();
  const refused = await chat.POST("/groups/{guid}/members", { params: { path: { guid: "g" } }, body: { participants: uids } });
  expect(refused.response.status).toBe(403);
  expect(refused.error).toMatchObject(quota);
  expect(fake.snapshot()).toEqual(before);
  expect(fake.state.members.get("g")?.size ?? 0).toBe(0);
  // What fits is still taken, with the ids the refused request would have used.
  const fits = await chat.POST("/groups/{guid}/members", { params: { path: { guid: "g" } }, body: { participants: uids.slice(0, 9) } });
  expect(fits.response.status).toBe(200);
  expect(fake.state.members.get("g")?.size).toBe(9);
  expect([...fake.state.messages.keys()]).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
});

test("a group created with more members than fit is refused and not created, so the retry that fits is not a 409", async () => {
  const { fake, chat } = await start({ maxItems: 25 + 1 + 9 * 2 });
  fake.seed({ users: uids.map((uid) => ({ uid, name: uid })) });
  const before = fake.snapshot();
  const refused = await chat.POST("/groups", { body: { guid: "team", name: "Team", members: { participants: uids } } });
  expect(refused.response.status).toBe(403);
  expect(refused.error).toMatchObject(quota);
  expect(fake.snapshot()).toEqual(before);
  expect(fake.state.groups.has("team")).toBe(false);
  const retry = await chat.POST("/groups", { body: { guid: "team", name: "Team", members: { participants: uids.slice(0, 9) } } });
  expect(retry.response.status).toBe(200);
  expect(fake.state.groups.get("team")?.membersCount).toBe(9);
});

test("adding 24 friends where 10 fit is refused and adds none of them", async () => {
  // 25 users; each friendship takes 2 (it goes both ways).
  const { fake, chat } = await start({ maxItems: 25 + 10 * 2 });
  fake.seed({ users: uids.map((uid) => ({ uid, name: uid })) });
  const before = fake.snapshot();
  const refused = await chat.POST("/users/{uid}/friends", { params: { path: { uid: "u0" } }, body: { accepted: uids.slice(1) } });
  expect(refused.response.status).toBe(403);
  expect(refused.error).toMatchObject(quota);
  expect(fake.snapshot()).toEqual(before);
  expect(fake.state.friends.size).toBe(0);
});

describe("a store's transaction", () => {
  test("covers every map of the model: each is a JournaledMap, whose writes a rollback puts back", () => {
    const model = new FakeStore(100);
    const maps = [model, model.domain].flatMap((part) =>
      Object.entries(part).filter(([, value]) => value instanceof Map || value instanceof Set),
    );
    expect(maps.length).toBeGreaterThan(15);
    expect(maps.filter(([, map]) => !(map instanceof JournaledMap)).map(([name]) => name)).toEqual([]);
  });

  function store() {
    const model = new FakeStore(100);
    model.users.set("ana", { user: { uid: "ana", name: "Ana", createdAt: 1 } as never });
    model.members.set("g", new Map([["ana", { scope: "participant", joinedAt: 1 }]]));
    const reported: string[] = [];
    model.listeners.push((trigger) => reported.push(trigger));
    return { model, reported };
  }

  test("that throws puts back every entry it changed, in place or not, and reports nothing", () => {
    const { model, reported } = store();
    expect(() =>
      model.transaction(() => {
        model.users.get("ana")!.user.name = "changed in place";
        model.members.get("g")!.get("ana")!.scope = "admin";
        model.members.get("g")!.set("ben", { scope: "participant", joinedAt: 2 });
        model.users.set("ben", { user: { uid: "ben", name: "Ben", createdAt: 2 } as never });
        model.groups.delete("none");
        model.claim(2);
        model.nextMessageId();
        model.emit("user_blocked", {});
        throw new Error("refused");
      }),
    ).toThrow("refused");
    expect([...model.users.keys()]).toEqual(["ana"]);
    expect(model.users.get("ana")!.user.name).toBe("Ana");
    expect([...model.members.get("g")!]).toEqual([["ana", { scope: "participant", joinedAt: 1 }]]);
    expect(model.lastMessageId).toBe(0);
    expect(model.size()).toBe(2);
    expect(reported).toEqual([]);
  });

  test("that throws puts back what a walk over a map changed one level down, and an entry walked then read by key", () => {
    const { model } = store();
    model.friends.set("ana", new Set(["ben", "cy"]));
    model.transaction(() => {});
    expect(() =>
      model.transaction(() => {
        for (const friends of model.friends.values()) friends.delete("ben");
        for (const [, members] of model.members) members.delete("ana");
        for (const stored of model.users.values()) stored.deactivatedAt = 5;
        model.users.get("ana")!.user.name = "read by key after the walk";
        throw new Error("refused");
      }),
    ).toThrow("refused");
    expect([...model.friends.get("ana")!]).toEqual(["ben", "cy"]);
    expect([...model.members.get("g")!.keys()]).toEqual(["ana"]);
    expect(model.users.get("ana")).toEqual({ user: { uid: "ana", name: "Ana", createdAt: 1 } });
  });

  test("that completes keeps its changes and reports them once it is kept", () => {
    const { model, reported } = store();
    model.transaction(() => {
      model.users.get("ana")!.user.name = "Ana B";
      model.emit("user_blocked", {});
      expect(reported).toEqual([]);
    });
    expect(model.users.get("ana")!.user.name).toBe("Ana B");
    expect(reported).toEqual(["user_blocked"]);
  });
});
