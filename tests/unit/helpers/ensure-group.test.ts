// ensureGroup against the fake, through the SDK: create-or-read under a race, partial updates.
import { ChatConfigError } from "../../../src/index";
import { ensureGroup } from "../../../src/helpers/index";
import type { FakeServer } from "../../../src/testing/index";
import { type RecordingClient, useRecordingFake } from "./recording-client";

let fake: FakeServer;
let client: RecordingClient;

useRecordingFake(
  (started, recording) => {
    fake = started;
    client = recording;
  },
  (started) => started.seed({ users: [{ uid: "seller-7", name: "Grace" }] }),
);

test("20 concurrent calls for one GUID all resolve to the same group, and exactly one reports created", async () => {
  const group = { guid: "Order-1042", name: "Order 1042", owner: "seller-7" };
  const results = await Promise.all(Array.from({ length: 20 }, () => ensureGroup(client.chat, group)));
  expect(results.filter((result) => result.created)).toHaveLength(1);
  expect(new Set(results.map((result) => result.group.guid))).toEqual(new Set(["order-1042"]));
  expect([...fake.state.groups.keys()]).toEqual(["order-1042"]);
  expect(fake.state.groups.get("order-1042")?.owner).toBe("seller-7");
});

test("a new group is created with one request, and its answer carries no members outcome", async () => {
  const result = await ensureGroup(client.chat, { guid: "order-1", name: "Order 1", type: "private" });
  expect(result).toMatchObject({ created: true, updated: false, group: { guid: "order-1", type: "private" } });
  expect(result.group).not.toHaveProperty("members");
  expect(client.requests).toEqual(["POST /groups"]);
});

test('an existing group is kept under "keep", and under "update" only the fields that differ are sent', async () => {
  fake.seed({ groups: [{ guid: "order-1", name: "Order 1", description: "Two parcels", metadata: { total: 40 } }] });
  const kept = await ensureGroup(client.chat, { guid: "order-1", name: "Renamed" });
  expect(kept).toMatchObject({ created: false, updated: false, group: { name: "Order 1" } });
  expect(client.changing()).toEqual(["POST /groups"]);

  const bodies: unknown[] = [];
  client.chat.use({
    async onRequest({ request }) {
      if (request.method === "PUT") bodies.push(await request.clone().json());
    },
  });
  const updated = await ensureGroup(
    client.chat,
    { guid: "order-1", name: "Order 1", icon: "https://cdn.example.org/box.png" },
    { onExists: "update" },
  );
  expect(updated).toMatchObject({
    updated: true,
    group: { name: "Order 1", icon: "https://cdn.example.org/box.png", description: "Two parcels" },
  });
  expect(bodies).toEqual([{ icon: "https://cdn.example.org/box.png" }]);
  expect(fake.state.groups.get("order-1")).toMatchObject({ description: "Two parcels", metadata: { total: 40 } });

  const again = await ensureGroup(
    client.chat,
    { guid: "order-1", name: "Order 1", icon: "https://cdn.example.org/box.png" },
    { onExists: "update" },
  );
  expect(again.updated).toBe(false);
  expect(bodies).toHaveLength(1);
});

test.each([
  ["a GUID with a slash", { guid: "order/1", name: "Order" }, /group\.guid must be 1 to 100/],
  ["an unknown type", { guid: "order-1", name: "Order", type: "secret" }, /group\.type must be one of public, private, password/],
  ["members", { guid: "order-1", name: "Order", members: { participants: ["a"] } }, /syncGroupMembers/],
  ["a description over 255 characters", { guid: "order-1", name: "Order", description: "x".repeat(256) }, /at most 255/],
])("a group with %s is refused with a ChatConfigError, and nothing is sent", async (_, group, message) => {
  const error = await ensureGroup(client.chat, group as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatConfigError);
  expect((error as Error).message).toMatch(message);
  expect(client.requests).toEqual([]);
});
