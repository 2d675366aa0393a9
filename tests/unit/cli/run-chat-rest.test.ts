// The chat-rest command's code (runChatRest), run in process against the fake over HTTP: the
// command lines it refuses and why, exports to NDJSON files, --resume from a checkpoint file, and
// progress as plain lines when stderr is not a terminal. tests/unit/cli/chat-rest-bin.test.ts runs
// the bin itself (exit codes, Ctrl-C).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ChatRestIo, ChatRestUsageError, runChatRest } from "../../../src/cli/index";
import type { CommandCheckpoint } from "../../../src/cli/checkpoint-file";
import { type FakeServer, startFakeServer } from "../../../src/testing/index";

let fake: FakeServer;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  fake = await startFakeServer();
  env = { CHAT_APP_ID: fake.appId, CHAT_API_KEY: fake.apiKey, CHAT_BASE_URL: fake.url };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.requests.clear();
  dir = mkdtempSync(join(tmpdir(), "chat-rest-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Where the command writes, kept; stderr is not a terminal unless `isTTY`. */
function capture(stop = new AbortController().signal, isTTY = false) {
  const out: string[] = [];
  const err: string[] = [];
  const io: ChatRestIo = {
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text), isTTY },
    stop,
  };
  return { io, out: () => out.join(""), err: () => err.join("") };
}

const users = (count: number) => Array.from({ length: count }, (_, i) => ({ uid: `u-${i}`, name: `User ${i}` }));
const lines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
const checkpointFile = (file: string) => JSON.parse(readFileSync(file, "utf8")) as CommandCheckpoint;

describe("a command line it cannot run is refused with what is wrong, before anything is sent", () => {
  const cases: [string, (file: string) => string[], Record<string, string> | undefined, string][] = [
    ["an unknown subcommand", () => ["frobnicate", "users"], undefined, "unknown command frobnicate."],
    ["no subcommand", () => [], undefined, "a command is needed: import or export."],
    ["an import of a missing file", () => ["import", "users", join(dir, "missing.ndjson")], undefined, "missing.ndjson does not exist."],
    ["an export without --out", () => ["export", "users"], undefined, "export needs --out <file.ndjson>."],
    ["an unknown option", (file) => ["import", file, "--fast"], undefined, "Unknown option '--fast'"],
    [
      "a concurrency that is not a positive integer",
      (file) => ["import", file, "--concurrency", "0"],
      undefined,
      "--concurrency must be a positive integer, got 0.",
    ],
    ["no app ID in the environment", (file) => ["import", file], { CHAT_API_KEY: "key" }, "CHAT_APP_ID is not set."],
    ["no API key in the environment", (file) => ["import", file], { CHAT_APP_ID: "app" }, "CHAT_API_KEY is not set."],
  ];
  test.each(cases)("%s", async (_, argv, environment, message) => {
    const file = join(dir, "users.ndjson");
    writeFileSync(file, `${JSON.stringify(users(1)[0])}\n`);
    const { io } = capture();
    const run = runChatRest(argv(file), environment ?? env, io);
    await expect(run).rejects.toBeInstanceOf(ChatRestUsageError);
    await expect(run).rejects.toThrow(message);
    expect(fake.requests.list()).toEqual([]);
  });
});

test("export users, groups and a conversation's messages write one NDJSON line per item to --out", async () => {
  fake.seed({
    users: users(3),
    groups: [{ guid: "team", name: "Team", owner: "u-0" }],
    members: [{ guid: "team", uid: "u-1", scope: "moderator" }],
    messages: Array.from({ length: 5 }, (_, i) => ({ sender: "u-0", receiver: "u-2", receiverType: "user" as const, text: `m${i}` })),
  });
  const run = async (argv: string[]) => {
    const { io, out } = capture();
    const code = await runChatRest(argv, env, io);
    return { code, summary: JSON.parse(out()) as { exported: number; file: string } };
  };
  const usersFile = join(dir, "users.ndjson");
  expect(await run(["export", "users", "--out", usersFile])).toEqual({ code: 0, summary: expect.objectContaining({ exported: 3 }) });
  expect(lines(usersFile).map((user) => user.uid)).toEqual(["u-0", "u-1", "u-2"]);
  const groupsFile = join(dir, "groups.ndjson");
  expect((await run(["export", "groups", "--out", groupsFile])).code).toBe(0);
  expect(lines(groupsFile)).toEqual([
    expect.objectContaining({ guid: "team", members: { admins: ["u-0"], moderators: ["u-1"], participants: [] } }),
  ]);
  const messagesFile = join(dir, "messages.ndjson");
  expect((await run(["export", "messages", "u-0_user_u-2", "--out", messagesFile])).code).toBe(0);
  expect(lines(messagesFile).map((message) => (message.data as { text: string }).text)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
  expect(checkpointFile(`${messagesFile}.checkpoint.json`)).toMatchObject({
    command: "export messages",
    conversationId: "u-0_user_u-2",
    checkpoint: { next: 5, complete: true },
  });
});

test("an export stopped after its first page goes on from its checkpoint file with --resume, writing each user once", async () => {
  fake.seed({ users: users(250) });
  const stop = new AbortController();
  // The export asks for its second page only once the first page's lines are written: stopped there.
  let lists = 0;
  fake.faults.add({
    operationId: "list-users",
    kind: "latency",
    ms: 0,
    where: () => {
      if (++lists === 2) stop.abort();
      return true;
    },
  });
  const out = join(dir, "users.ndjson");
  const first = capture(stop.signal);
  expect(await runChatRest(["export", "users", "--out", out, "--every", "10"], env, first.io)).toBe(130);
  const checkpoint = join(dir, "users.ndjson.checkpoint.json");
  expect(checkpointFile(checkpoint)).toMatchObject({ command: "export users", checkpoint: { next: 100, complete: false } });
  expect(lines(out)).toHaveLength(100);
  // Lines written past the checkpoint are cut on resume: a half-written line from a killed run is gone too.
  writeFileSync(out, `${readFileSync(out, "utf8")}{"uid":"half`);
  const second = capture();
  expect(await runChatRest(["export", "users", "--out", out, "--resume", checkpoint], env, second.io)).toBe(0);
  expect(lines(out).map((user) => user.uid)).toEqual(users(250).map((user) => user.uid));
  expect(checkpointFile(checkpoint).checkpoint).toMatchObject({ next: 250, complete: true });
});

test("an import with --resume sends nothing for the records its checkpoint file covers, and its counts go on from it", async () => {
  const input = join(dir, "users.ndjson");
  writeFileSync(
    input,
    `${users(10)
      .map((user) => JSON.stringify(user))
      .join("\n")}\n`,
  );
  const checkpoint = join(dir, "import.checkpoint.json");
  const done: CommandCheckpoint = {
    command: "import users",
    file: input,
    checkpoint: { job: "importUsers", version: 1, next: 4, counts: { created: 4, existing: 0, updated: 0, failed: 0 }, complete: false },
  };
  writeFileSync(checkpoint, JSON.stringify(done));
  const { io, out } = capture();
  expect(await runChatRest(["import", "users", input, "--resume", checkpoint], env, io)).toBe(0);
  expect(JSON.parse(out())).toMatchObject({ created: 10, existing: 0, failed: 0, stopped: false });
  expect([...fake.state.users.keys()].sort()).toEqual(["u-4", "u-5", "u-6", "u-7", "u-8", "u-9"]);
  expect(fake.requests.list({ operationId: "create-user" })).toHaveLength(6);
  expect(checkpointFile(checkpoint).checkpoint).toMatchObject({ next: 10, complete: true });
});

test("a checkpoint file of another command or another input is refused with what it is", async () => {
  const input = join(dir, "users.ndjson");
  writeFileSync(input, `${JSON.stringify(users(1)[0])}\n`);
  const checkpoint = join(dir, "other.checkpoint.json");
  const other = { job: "exportUsers", version: 1, next: 1, counts: {}, complete: false } as const;
  writeFileSync(checkpoint, JSON.stringify({ command: "export users", file: input, checkpoint: other }));
  await expect(runChatRest(["import", "users", input, "--resume", checkpoint], env, capture().io)).rejects.toThrow(
    `is a checkpoint of "export users", not of "import users"`,
  );
  writeFileSync(checkpoint, JSON.stringify({ command: "import users", file: join(dir, "else.ndjson"), checkpoint: other }));
  await expect(runChatRest(["import", "users", input, "--resume", checkpoint], env, capture().io)).rejects.toThrow("else.ndjson, not of");
  expect(fake.requests.list()).toEqual([]);
});

test("a checkpoint of one conversation's export is refused for another, before anything is written", async () => {
  const out = join(dir, "messages.ndjson");
  writeFileSync(out, '{"id":"1"}\n');
  const checkpoint = join(dir, "messages.checkpoint.json");
  const taken = { job: "exportMessages", version: 1, next: 1, counts: {}, complete: false } as const;
  writeFileSync(checkpoint, JSON.stringify({ command: "export messages", file: out, conversationId: "group_order-1", checkpoint: taken }));
  await expect(
    runChatRest(["export", "messages", "group_order-2", "--out", out, "--resume", checkpoint], env, capture().io),
  ).rejects.toThrow("is a checkpoint of the conversation group_order-1, not of group_order-2");
  expect(readFileSync(out, "utf8")).toBe('{"id":"1"}\n');
  expect(fake.requests.list()).toEqual([]);
});

test("when stderr is not a terminal, progress is plain lines, without a carriage return or escape codes, the final one once", async () => {
  const input = join(dir, "users.ndjson");
  writeFileSync(input, `${[...users(20), { uid: "bad uid", name: "Bad" }].map((user) => JSON.stringify(user)).join("\n")}\n`);
  const { io, err } = capture();
  expect(await runChatRest(["import", "users", input], env, io)).toBe(1);
  expect(err()).not.toContain("\r");
  expect(err()).not.toContain("\x1b");
  const [progress, ...failures] = err().trimEnd().split("\n");
  expect(progress).toMatch(/^\[#{24}\] {2}21\/21 {2}100% {2}[\d.]+\/s {2}0s left {2}1 failed$/);
  expect(failures).toEqual([expect.stringMatching(/^failed: record 20 bad uid: /)]);
});
