// The helpers that remove, ban, unban, delete and deactivate against the fake: an answer that says
// the state asked for holds already is the outcome, not an error, and one that comes after a lost
// answer counts as this call's change; under lost answers, resets and 503s every ID converges.
import { NotFoundError, unwrap } from "../../../src/index";
import { banUsers, deactivateUsers, deleteMessages, kickMembers, unbanUsers } from "../../../src/helpers/index";
import { useFake } from "../../fake/use-fake";

const users = Array.from({ length: 40 }, (_, i) => `u${i}`);
const { fake, chat } = useFake({
  seed: {
    users: [{ uid: "owner", name: "Owner" }, ...users.map((uid) => ({ uid, name: uid }))],
    groups: [{ guid: "team", name: "Team", owner: "owner" }],
    members: users.map((uid) => ({ guid: "team", uid })),
  },
});

const chatOf = (maxRetries = 2) => chat({ maxRetries });
// The helper's own attempts, without the client's backoff between its retries.
const helperRetries = () => chatOf(0);
const fast = { retryDelayMs: 0 };
const membersOf = (guid: string) => [...(fake.state.members.get(guid)?.keys() ?? [])];

/** Lost answers, resets before anything is applied, and 503s, on a fifth of the requests each. */
function faultsOn(operationId: string, where?: (request: { params: Readonly<Record<string, string>> }) => boolean) {
  fake.faults.add({ operationId, kind: "apply-then-drop", probability: 0.2, seed: 5, where });
  fake.faults.add({ operationId, kind: "reset-before", probability: 0.2, seed: 6, where });
  fake.faults.add({ operationId, kind: "status", status: 503, probability: 0.2, seed: 7, where });
}

test("a kick whose answer was lost is reported changed, where the plain call throws 404 after its retry", async () => {
  fake.faults.add({ operationId: "kick-group-member", kind: "apply-then-drop", times: 1 });
  const plain = await unwrap(chatOf().DELETE("/groups/{guid}/members/{uid}", { params: { path: { guid: "team", uid: "u0" } } })).catch(
    (e: unknown) => e,
  );
  expect(plain).toBeInstanceOf(NotFoundError);
  expect((plain as NotFoundError).mayHaveReachedService).toBe(true);

  fake.faults.add({ operationId: "kick-group-member", kind: "apply-then-drop", times: 1 });
  expect(await kickMembers(chatOf(), "team", ["u1"], fast)).toEqual({ changed: ["u1"], unchanged: [], failed: [] });
  expect(membersOf("team")).not.toContain("u1");
});

test("kicking a user who is not a member is unchanged; an unknown group fails each UID with its code", async () => {
  const result = await kickMembers(chatOf(), "team", ["u2", "owner-less", "U3"], fast);
  expect(result.changed).toEqual(["u2", "u3"]);
  expect(result.unchanged).toEqual(["owner-less"]);
  const unknown = await kickMembers(chatOf(), "nowhere", ["u4"], fast);
  expect(unknown).toMatchObject({ changed: [], unchanged: [], failed: [{ uid: "u4", error: { code: "ERR_GUID_NOT_FOUND" } }] });
});

test("kicks as the user a bound client acts for, and reports the kick that user may not make", async () => {
  const result = await kickMembers(chatOf().as("u0"), "team", ["u1"], fast);
  expect(result).toMatchObject({ changed: [], failed: [{ uid: "u1", error: { code: expect.stringMatching(/^ERR_GROUP_/) } }] });
  expect(membersOf("team")).toContain("u1");
});

test("every member is kicked once under lost answers, resets and 503s", async () => {
  faultsOn("kick-group-member");
  const result = await kickMembers(helperRetries(), "team", users, { ...fast, maxAttempts: 10 });
  expect(result.failed).toEqual([]);
  expect(result.changed).toEqual([...users].sort());
  expect(membersOf("team")).toEqual(["owner"]);
});

test("every user is banned under lost answers, resets and 503s", async () => {
  faultsOn("ban-group-user");
  const result = await banUsers(helperRetries(), "team", users, { ...fast, maxAttempts: 10 });
  expect(result).toEqual({ changed: [...users].sort(), unchanged: [], failed: [] });
  expect([...(fake.state.bannedUsers.get("team") ?? [])].sort()).toEqual([...users].sort());
  expect(membersOf("team")).toEqual(["owner"]);
});

test("an unban whose answer was lost is changed; a user who is not banned is unchanged", async () => {
  await banUsers(chatOf(), "team", ["u0", "u1"], fast);
  // A 503 may have been applied: a user who was not banned is only unchanged when no attempt may have unbanned them.
  faultsOn("unban-group-user", (request) => request.params.uid !== "u2");
  const result = await unbanUsers(helperRetries(), "team", ["u0", "u1", "u2"], { ...fast, maxAttempts: 10 });
  expect(result).toEqual({ changed: ["u0", "u1"], unchanged: ["u2"], failed: [] });
  expect(fake.state.bannedUsers.get("team") ?? []).toEqual([]);
});

test("a deletion whose answer was lost is changed, a message deleted already is unchanged, another's message fails", async () => {
  const { messages } = fake.seed({
    messages: [
      { sender: "u0", receiver: "team", receiverType: "group", text: "one" },
      { sender: "u0", receiver: "team", receiverType: "group", text: "two" },
      { sender: "u1", receiver: "team", receiverType: "group", text: "three" },
    ],
  });
  const [one, two, three] = messages.map((message) => message.id);
  await deleteMessages(chatOf(), [two!]);
  fake.faults.add({ operationId: "delete-message", kind: "apply-then-drop", times: 1 });
  const result = await deleteMessages(chatOf().as("u0"), [one!, two!, three!], fast);
  expect(result).toMatchObject({ changed: [one], unchanged: [two], failed: [{ uid: three, error: { code: "ERR_MESSAGE_NOT_A_SENDER" } }] });
  expect(fake.state.messages.get(one!)?.deletedAt).toBeDefined();
});

test("every user is deactivated under lost answers, resets and 503s, 25 to a request; an unknown UID fails", async () => {
  faultsOn("deactivate-users");
  const result = await deactivateUsers(helperRetries(), [...users, "ghost"], { ...fast, maxAttempts: 10 });
  expect(result.changed).toEqual([...users].sort());
  expect(result.failed).toEqual([{ uid: "ghost", error: { code: "ERR_UID_NOT_FOUND", message: expect.any(String) } }]);
  const active = await unwrap(chatOf().GET("/users", { params: { query: { perPage: 100 } } }));
  expect(active.data.map((user) => user.uid)).toEqual(["owner"]);
});

test("bad input throws a ChatConfigError naming the field, before anything is sent", async () => {
  await expect(kickMembers(chatOf(), "team", "u1" as never)).rejects.toThrow("kickMembers: ids must be an array");
  await expect(banUsers(chatOf(), "team", ["bad uid"])).rejects.toThrow("banUsers: ids[0] must be");
  await expect(deleteMessages(chatOf(), ["1"], { permanent: "yes" } as never)).rejects.toThrow("options.permanent");
  await expect(unbanUsers(chatOf(), "team", [], { retryDelayMs: -1 })).rejects.toThrow("options.retryDelayMs");
});
