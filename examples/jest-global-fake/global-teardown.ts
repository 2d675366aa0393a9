// Checks that both test files worked on the one fake, then closes it.
import type { FakeServer } from "chat-rest-sdk/testing";

export default async function globalTeardown(): Promise<void> {
  const fake = (globalThis as { chatFake?: FakeServer }).chatFake;
  if (!fake) return;
  const { users, messages } = fake.state;
  const fromUsers = [...users.keys()].filter((uid) => uid.startsWith("signup-")).length;
  console.log(
    `globalTeardown: the one fake kept ${fromUsers} user(s) from users.test.ts and ${messages.size} message(s) from messages.test.ts.`,
  );
  await fake.close();
}
