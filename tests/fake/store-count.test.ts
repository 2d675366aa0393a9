// The cap on stored items is kept with a running count: a write does not walk the whole store,
// so writes cost the same in a large store as in a small one; and the cap still holds exactly,
// through deletions and resets.
import { FakeStore } from "../../src/testing/fake/state/fake-store";
import { createGroup } from "../../src/testing/fake/model/groups";
import { createUser } from "../../src/testing/fake/model/users";
import { type FakeServer, startFakeServer } from "../../src/testing/index";

/** A store whose full count (the walk over every nested map) is counted each time it runs. */
function countedStore(maxItems: number) {
  const store = new FakeStore(maxItems);
  let walks = 0;
  const size = store.size.bind(store);
  store.size = () => {
    walks++;
    return size();
  };
  return { store, walks: () => walks };
}

test("2,000 owned groups are stored without walking the store once per write", () => {
  const { store, walks } = countedStore(100_000);
  createUser(store, { uid: "owner", name: "Owner" });
  for (let i = 0; i < 2_000; i++) createGroup(store, { guid: `g-${i}`, name: `Group ${i}`, type: "public", owner: "owner" });
  expect(store.size()).toBe(1 + 2 * 2_000);
  // One for the size() just above; the writes themselves never walked.
  expect(walks()).toBe(1);
});

test("near the cap the store is counted afresh, so room freed by a deletion is found again", () => {
  const { store, walks } = countedStore(3);
  for (const uid of ["a", "b", "c"]) createUser(store, { uid, name: uid });
  expect(() => createUser(store, { uid: "d", name: "d" })).toThrow(/at most 3 items/);
  store.users.delete("c");
  createUser(store, { uid: "d", name: "d" });
  expect(() => createUser(store, { uid: "e", name: "e" })).toThrow(/at most 3 items/);
  expect(walks()).toBeGreaterThan(0);
  store.reset();
  for (const uid of ["x", "y", "z"]) createUser(store, { uid, name: uid });
  expect(store.size()).toBe(3);
});

describe("through the HTTP front", () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startFakeServer({ maxItems: 2 });
  });
  afterAll(() => fake.close());

  test("a full fake refuses the next user with 403 ERR_PLAN_QUOTA_RESTRICTION, and takes one again after a permanent delete", async () => {
    const create = (uid: string) =>
      fetch(`${fake.url}/users`, {
        method: "POST",
        headers: { apikey: fake.apiKey, "content-type": "application/json" },
        body: JSON.stringify({ uid, name: uid }),
      });
    expect((await create("a")).status).toBe(200);
    expect((await create("b")).status).toBe(200);
    const refused = await create("c");
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("ERR_PLAN_QUOTA_RESTRICTION");
    const deleted = await fetch(`${fake.url}/users/b`, {
      method: "DELETE",
      headers: { apikey: fake.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ permanent: true }),
    });
    expect(deleted.status).toBe(200);
    expect((await create("c")).status).toBe(200);
    expect(fake.state.size).toBe(2);
  });
});
