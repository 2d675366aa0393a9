// Calls made in a webhook handler nest under the delivery's SERVER span (chat-rest-sdk/otel binds
// it active; tests/unit/otel checks it). Both the README and the webhooks design notes say so.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..");
/** The file's text with line breaks and list indentation folded into single spaces. */
const read = (file: string) => readFileSync(join(root, file), "utf8").replace(/\s+/g, " ");

test("the README and the webhooks design notes both say that calls made in a handler nest under the delivery's span", () => {
  expect(read("README.md")).toContain("calls made in a `createWebhookHandler` handler nest under the delivery's SERVER span");
  const notes = read("src/webhooks/README.md");
  expect(notes).toContain("calls a handler makes nest under it");
  expect(notes).not.toMatch(/do not nest under (that|the delivery's) span/);
});
