// The controls of a test are one table (src/testing/fake/control/controls.ts) that the FakeServer's
// methods, the /__fake routes and connectFake all read. These tests fail when one of the three
// does not serve a control of the public types.
import { CONTROL_ROUTES, CONTROLS } from "../../src/testing/fake/control/controls";
import { connectFake, type FakeServer, type RemoteFake, startFakeServer } from "../../src/testing/index";

/**
 * Every control of `RemoteFake`, which `FakeServer` has too: the types make this list whole (a
 * control added to `RemoteFake` and not here fails `tsc`), and the tests below check each against
 * the table and the three that serve it.
 */
const REMOTE_CONTROLS: Record<
  // Not controls: the credentials, and the apps of a fake (`app()` is connectFake on an app's URL).
  Exclude<keyof RemoteFake, "url" | "appId" | "apiKey" | "authOnlyKey" | "key" | "secret" | "region" | "apps" | "app">,
  readonly string[]
> = {
  reset: [],
  seed: [],
  snapshot: [],
  restore: [],
  clock: ["now", "freeze", "advance", "resume", "reset", "pending"],
  faults: ["add", "clear"],
  failNext: [],
  delayNext: [],
  webhookDeliveries: [],
  webhooksSettled: [],
  waitForDelivery: [],
  requests: ["list", "tooMany", "clear"],
};
const NAMES = Object.entries(REMOTE_CONTROLS).flatMap(([name, members]) => (members.length ? members.map((m) => `${name}.${m}`) : [name]));

const at = (target: unknown, name: string) => name.split(".").reduce<any>((value, part) => value?.[part], target);

let fake: FakeServer;
let remote: RemoteFake;
beforeAll(async () => {
  fake = await startFakeServer();
  remote = await connectFake(fake.url, fake.controlToken);
});
afterAll(() => fake.close());

test("every control of the public types is a row of the table, and every named row is one of them", () => {
  const named = CONTROLS.flatMap((row) => (row.name ? [row.name] : []));
  expect(NAMES.filter((name) => !named.includes(name))).toEqual([]);
  expect(named.filter((name) => !NAMES.includes(name))).toEqual([]);
});

test("the FakeServer serves every control in process", () => {
  const missing = NAMES.filter((name) => {
    const parent = at(fake, name.split(".").slice(0, -1).join(".")) ?? fake;
    const last = name.split(".").pop()!;
    return !(last in parent);
  });
  expect(missing).toEqual([]);
});

test("connectFake serves every control as an async method", () => {
  expect(NAMES.filter((name) => typeof at(remote, name) !== "function")).toEqual([]);
});

test("the control routes answer every row's route, none with 404", async () => {
  const unserved: string[] = [];
  for (const row of CONTROL_ROUTES) {
    const [method, path] = row.route.split(" ") as [string, string];
    // A route that only reads, or that no input can harm: each is sent once, with an input it refuses or a harmless one.
    if (["POST /seed", "POST /restore", "POST /deliveries/wait", "POST /clock/advance", "POST /clock/freeze"].includes(row.route)) continue;
    const response = await fetch(`${fake.url}/__fake${path.replace(":id", "none")}`, {
      method,
      headers: { "x-fake-control-token": fake.controlToken },
    });
    const text = await response.text();
    if (response.status === 404 && text.includes("No control route")) unserved.push(row.route);
  }
  expect(unserved).toEqual([]);
  const served = CONTROL_ROUTES.map((row) => row.route);
  for (const route of ["POST /seed", "POST /restore", "POST /deliveries/wait", "POST /clock/advance", "POST /clock/freeze"])
    expect(served).toContain(route);
});
