import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { confineToLoopback, isLocal, launchChromium, type PageRequest } from "../runtimes/chromium";
import { serveStatic, type StaticServer } from "../runtimes/static-server";

// Opens the docs that `npm run docs` built, as a reader would, from a loopback server.
const docs = join(__dirname, "..", "..", "dist", "docs");
// Redoc's footer shows Redocly's logo from its CDN and hides it when the image fails to load.
// It is the only request the page may try to send elsewhere, and it is blocked.
const ATTRIBUTION_LOGO = /^https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg$/;

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(docs, "index.html"))) throw new Error("dist/docs is missing: run `npm run docs` first.");
  server = await serveStatic(docs);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string): Promise<{ page: Page; requests: PageRequest[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const requests = await confineToLoopback(page);
  await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
  return { page, requests };
}

/** The lines of an element's rendered text, trimmed: a field name rendered on its own is one line. */
async function lines(page: Page, selector: string): Promise<string[]> {
  const text = await page.locator(selector).innerText();
  return text.split("\n").map((line) => line.trim());
}

describe("the REST API reference (dist/docs/index.html)", () => {
  let page: Page;
  let requests: PageRequest[];
  const operation = '[id="messages/send-thread-message"]';

  beforeAll(async () => {
    ({ page, requests } = await open("/index.html#/messages/send-thread-message"));
    await page.locator(operation).waitFor({ state: "visible", timeout: 30_000 });
  }, 60_000);

  test("renders send-thread-message with its path and the required onBehalfOf header", async () => {
    const text = await lines(page, operation);
    expect(text).toContain("Send a thread reply");
    expect(text.join(" ")).toContain("/messages/{id}/thread");
    const headers = text.indexOf("Headers");
    const body = text.findIndex((line) => line.startsWith("Body"));
    expect(headers).toBeGreaterThan(-1);
    // onBehalfOf is listed between the Headers and Body headings, and marked required.
    const onBehalfOf = text.indexOf("onBehalfOf", headers);
    expect(onBehalfOf).toBeGreaterThan(headers);
    expect(onBehalfOf).toBeLessThan(body);
    expect(text.slice(onBehalfOf, body)).toContain("required");
  });

  test("renders every field of the send-thread-message body", async () => {
    const text = await lines(page, operation);
    // The request body only: from its heading up to the responses, which have a body of their own.
    const bodyFields = text.slice(
      text.findIndex((line) => line.startsWith("Body")),
      text.indexOf("Responses"),
    );
    expect(bodyFields.length).toBeGreaterThan(0);
    for (const field of ["receiver", "receiverType", "category", "type", "data", "multipleReceivers", "tags"]) {
      expect(bodyFields).toContain(field);
    }
  });

  test("loads no script or stylesheet from outside the machine", () => {
    const external = requests.filter((request) => !isLocal(request.url));
    expect(external.filter((request) => ["script", "stylesheet", "font"].includes(request.type))).toEqual([]);
    expect(external.filter((request) => !ATTRIBUTION_LOGO.test(request.url))).toEqual([]);
  });

  test("saves a screenshot of the whole operation", async () => {
    const file = join(docs, "send-thread-message.png");
    await page.locator(operation).screenshot({ path: file });
    expect(existsSync(file)).toBe(true);
  });
});

describe("the SDK reference (dist/docs/sdk/)", () => {
  test("documents createChatClient with its options, entirely from loopback", async () => {
    const { page, requests } = await open("/sdk/functions/index.createChatClient.html");
    const text = await page.locator("body").innerText();
    expect(text).toContain("createChatClient");
    expect(text).toContain("ChatClientOptions");
    expect(requests.filter((request) => !isLocal(request.url))).toEqual([]);
    await page.screenshot({ path: join(docs, "sdk-create-chat-client.png") });
  }, 60_000);

  test("documents the testing entry point's startMockServer", async () => {
    const { page } = await open("/sdk/modules/testing.html");
    expect(await page.locator("body").innerText()).toContain("startMockServer");
  }, 60_000);
});
