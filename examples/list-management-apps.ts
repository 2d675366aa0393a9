// List the apps of your account with the Management API (key and secret from the dashboard),
// e.g. to find an app's id and region before creating its Chat API client.
import { createManagementClient } from "chat-rest-sdk";
import { exampleTarget } from "./target.js";

async function main(): Promise<void> {
  const target = await exampleTarget();
  try {
    const management = createManagementClient(target.management);
    const { data, error, response } = await management.GET("/apps", { params: { query: { perPage: 25 } } });
    if (error) {
      console.error(`Listing apps failed (${response.status}): ${error.error.code}: ${error.error.message}`);
      process.exitCode = 1;
      return;
    }
    for (const app of data.data) console.log(`${app.id}\t${app.region}\t${app.name}`);
    console.log(`${data.data.length} app(s).`);
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
