// Visit every user of the app, one page at a time, until the last page.
// Note: the SDK's paginate() helper is meant to replace this loop; it is kept explicit here until
// that helper is released and documented.
import { createChatClient, type User } from "chat-rest-sdk";
import { exampleTarget } from "./target.js";

async function main(): Promise<void> {
  const target = await exampleTarget();
  try {
    const chat = createChatClient(target.chat);
    const users: User[] = [];
    for (let page = 1; ; page++) {
      const { data, error, response } = await chat.GET("/users", { params: { query: { page, perPage: 100 } } });
      if (error) {
        console.error(`Page ${page} failed (${response.status}): ${error.error.code}: ${error.error.message}`);
        process.exitCode = 1;
        return;
      }
      users.push(...data.data);
      // An empty page also ends the loop, so a wrong total can never make it spin.
      if (page >= data.meta.pagination.total_pages || data.data.length === 0) break;
    }
    for (const user of users) console.log(`${user.uid}\t${user.name}`);
    console.log(`${users.length} users.`);
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
