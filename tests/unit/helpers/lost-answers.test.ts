// The helpers' creates are safe to send again (a UID or GUID that exists answers 409), so they are
// sent as idempotent: a create whose answer was lost, or that met a 503, is repeated by the client
// within its maxRetries, and the helper resolves.
import { ChatConnectionError } from "../../../src/index";
import { ensureGroup, ensureUser, importUsers, issueAuthToken } from "../../../src/helpers/index";
import { useFake } from "../../fake/use-fake";

const { fake, chat } = useFake();

const chatOf = (maxRetries = 2) => chat({ maxRetries });

test("ensureUser resolves when the create's answer was lost after it was applied, and the user exists once", async () => {
  const drop = fake.faults.add({ operationId: "create-user", kind: "apply-then-drop", times: 1 });
  const result = await ensureUser(chatOf(), { uid: "ada", name: "Ada" });
  expect(drop.fired).toBe(1);
  expect(result).toMatchObject({ created: false, user: { uid: "ada", name: "Ada" } });
  expect([...fake.state.users.keys()]).toEqual(["ada"]);
});

test("ensureGroup resolves through a reset connection and a 503, and the group exists", async () => {
  fake.seed({ users: [{ uid: "owner", name: "Owner" }] });
  fake.faults.add({ operationId: "create-group", kind: "reset-before", times: 1 });
  fake.faults.add({ operationId: "create-group", kind: "status", status: 503, times: 1 });
  const result = await ensureGroup(chatOf(), { guid: "g", name: "G", type: "public", owner: "owner" });
  expect(result.created).toBe(true);
  expect([...fake.state.groups.keys()]).toEqual(["g"]);
});

test("issueAuthToken resolves when the token's answer was lost, with a token the fake holds", async () => {
  fake.seed({ users: [{ uid: "ada", name: "Ada" }] });
  fake.faults.add({ operationId: "create-user", kind: "apply-then-drop", times: 1 });
  fake.faults.add({ operationId: "create-authtoken", kind: "apply-then-drop", times: 1 });
  const { authToken } = await issueAuthToken(chatOf(), { uid: "ada", name: "Ada" });
  expect(fake.state.authTokens.get("ada")?.map((t) => t.authToken)).toContain(authToken);
});

test("importUsers stores each row once through lost answers; a create that keeps failing stops at maxRetries", async () => {
  fake.faults.add({ operationId: "create-user", kind: "apply-then-drop", probability: 0.3, seed: 11 });
  // Enough retries that no row meets a dropped answer on every attempt (0.3 to the 11th power each).
  const rows = Array.from({ length: 30 }, (_, i) => ({ uid: `u${i}`, name: `U${i}` }));
  const result = await importUsers(chatOf(10), rows);
  expect(result.failed).toEqual([]);
  expect(result.created + result.existing).toBe(30);
  expect(fake.state.users.size).toBe(30);
  fake.faults.clear();
  const always = fake.faults.add({ operationId: "create-user", kind: "reset-before" });
  const error = await ensureUser(chatOf(), { uid: "never", name: "Never" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatConnectionError);
  expect(always.fired).toBe(3);
});
