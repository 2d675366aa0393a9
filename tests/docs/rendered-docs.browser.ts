import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { confineToLoopback, isLocal, launchChromium, type PageRequest } from "../runtimes/chromium";
import { serveStatic, type StaticServer } from "../runtimes/static-server";

// Opens the docs that `npm run docs` built, as a reader would, from a loopback server.
const root = join(__dirname, "..", "..");
const docs = join(root, "dist", "docs");
const slug = (tag: string) => tag.toLowerCase().replace(/\s+/g, "-");

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

  test("asks for nothing from outside the machine: no script, stylesheet, font or image", () => {
    expect(requests.filter((request) => !isLocal(request.url))).toEqual([]);
  });

  test("credits Redoc with a logo that is part of the page", async () => {
    const logo = page.locator('img[alt="redocly logo"]');
    await logo.waitFor({ state: "attached", timeout: 10_000 });
    expect(await logo.getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("lists in the sidebar exactly the tags that have operations or webhook events", async () => {
    const spec = JSON.parse(readFileSync(join(root, "generated", "openapi.json"), "utf8"));
    const used = new Set<string>();
    const items = { ...spec.paths, ...spec["x-webhooks"] } as Record<string, Record<string, { tags?: string[] }>>;
    for (const item of Object.values(items)) {
      for (const op of Object.values(item)) for (const tag of op.tags ?? []) used.add(slug(tag));
    }
    const tagLinks = await page
      .locator("a[href]")
      .evaluateAll((links) =>
        links.map((link) => /^#\/([a-z-]+)$/.exec(link.getAttribute("href") ?? "")?.[1]).filter((tag) => tag !== undefined),
      );
    expect(new Set(tagLinks)).toEqual(used);
  });

  test("saves a screenshot of the whole operation", async () => {
    const file = join(docs, "send-thread-message.png");
    await page.locator(operation).screenshot({ path: file });
    expect(existsSync(file)).toBe(true);
  });
});

describe("the webhook events (x-webhooks)", () => {
  test("message_sent opens under its tag, with the fields of its payload", async () => {
    const { page, requests } = await open("/index.html#/message-events/message_sent");
    const event = page.locator('[id="message-events/message_sent"]');
    await event.waitFor({ state: "visible", timeout: 30_000 });
    const text = (await event.innerText()).split("\n").map((line) => line.trim());
    expect(text).toContain("message_sent");
    for (const field of ["trigger", "data", "appId", "region", "webhook"]) expect(text).toContain(field);
    expect(requests.filter((request) => !isLocal(request.url))).toEqual([]);
  }, 60_000);
});

describe("the code samples beside an operation (x-codeSamples), one operation per client", () => {
  const spec = JSON.parse(readFileSync(join(root, "generated", "openapi.json"), "utf8"));
  type Sample = { label: string; source: string };
  const operations = Object.values(spec.paths as Record<string, Record<string, { operationId?: string; tags?: string[] }>>).flatMap(
    (item) => Object.values(item),
  );
  const operation = (operationId: string) => operations.find((op) => op.operationId === operationId)!;
  const sample = (operationId: string, label: string) =>
    ((operation(operationId) as { "x-codeSamples"?: Sample[] })["x-codeSamples"] ?? []).find((s) => s.label === label)?.source;
  // The rendered code, as the reader sees it: highlighting spans aside, line by line.
  const lines = (text: string | undefined) =>
    (text ?? "")
      .trimEnd()
      .split("\n")
      .map((line) => line.trimEnd());

  test.each([
    ["Chat", "send-thread-message", "createChatClient"],
    ["Calls", "list-calls", "createCallsClient"],
    ["Management", "create-webhook", "createManagementClient"],
  ])(
    "the %s API's %s shows its TypeScript sample (%s), and its curl sample one click away",
    async (_api, operationId, factory) => {
      const tag = slug(operation(operationId).tags![0]!);
      const { page, requests } = await open(`/index.html#/${tag}/${operationId}`);
      const samples = page.locator(`[id="${tag}/${operationId}"] .panel-request-samples`);
      await samples.waitFor({ state: "visible", timeout: 30_000 });
      const code = samples.locator('pre[data-testid="source-code"]');
      const typescript = sample(operationId, "chat-rest-sdk");
      expect(typescript).toContain(`${factory}({`);
      expect(lines(await code.innerText())).toEqual(lines(typescript));

      await samples.getByRole("button", { name: "chat-rest-sdk", exact: true }).click();
      // The menu opens in a layer of its own, outside the operation.
      await page.getByRole("menuitem", { name: "curl", exact: true }).filter({ visible: true }).click();
      // The language menu's button takes the name of the sample it shows.
      await samples.getByRole("button", { name: "curl", exact: true }).waitFor({ timeout: 10_000 });
      const curl = sample(operationId, "curl");
      expect(curl).toMatch(/^curl --request /);
      expect(lines(await code.innerText())).toEqual(lines(curl));
      expect(requests.filter((request) => !isLocal(request.url))).toEqual([]);
    },
    60_000,
  );
});

describe("the deep links that README.md names", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");

  test("the operation link opens that operation", async () => {
    const link = /`dist\/docs\/(index\.html#\/([a-z-]+)\/([\w-]+))`/.exec(readme);
    expect(link).not.toBeNull();
    const [, path, tag, operationId] = link!;
    const { page, requests } = await open(`/${path}`);
    const operation = page.locator(`[id="${tag}/${operationId}"]`);
    await operation.waitFor({ state: "visible", timeout: 30_000 });
    expect(await operation.isVisible()).toBe(true);
    expect(requests.filter((request) => !isLocal(request.url))).toEqual([]);
  }, 60_000);

  test("the tag link opens that tag", async () => {
    const link = /index\.html#\/<tag>`, e\.g\. `(#\/([a-z-]+))`/.exec(readme);
    expect(link).not.toBeNull();
    const [, hash, tag] = link!;
    const { page } = await open(`/index.html${hash}`);
    // A tag's page shows its operations, each under the id `<tag>/<operationId>`.
    const firstOperation = page.locator(`[id^="${tag}/"]`).first();
    await firstOperation.waitFor({ state: "visible", timeout: 30_000 });
    expect(await firstOperation.isVisible()).toBe(true);
  }, 60_000);
});

describe("the SDK reference (dist/docs/sdk/)", () => {
  test("opens on an introduction that links to the three entry points, the main functions and the REST reference", async () => {
    const { page, requests } = await open("/sdk/index.html");
    const intro = page.locator(".tsd-typography").first();
    expect(await intro.innerText()).toContain("The TypeScript reference of the SDK");
    const links = await intro.locator("a[href]").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    for (const target of [
      "modules/index.html",
      "modules/testing.html",
      "functions/index.createChatClient.html",
      "functions/testing.startMockServer.html",
      "functions/testing.startFakeServer.html",
      "functions/testing.chatFakeHandlers.html",
      "functions/index.createCallsClient.html",
      "functions/index.createAuthOnlyClient.html",
      "modules/webhooks.html",
      "functions/webhooks.createWebhookHandler.html",
      "modules/helpers.html",
      "functions/helpers.issueAuthToken.html",
      "../index.html",
    ]) {
      expect(links).toContain(target);
      expect(existsSync(join(docs, "sdk", target))).toBe(true);
    }
    // The project's name heads the page once; the introduction adds no title of its own.
    expect(await page.locator("h1").count()).toBe(1);
    expect(await intro.locator("h1").count()).toBe(0);
    expect(requests.filter((request) => !isLocal(request.url))).toEqual([]);
  }, 60_000);

  test("documents createChatClient with its options, entirely from loopback", async () => {
    const { page, requests } = await open("/sdk/functions/index.createChatClient.html");
    const text = await page.locator("body").innerText();
    expect(text).toContain("createChatClient");
    expect(text).toContain("ChatClientOptions");
    expect(requests.filter((request) => !isLocal(request.url))).toEqual([]);
    await page.screenshot({ path: join(docs, "sdk-create-chat-client.png") });
  }, 60_000);

  test("documents the webhooks entry point's createWebhookHandler", async () => {
    const { page } = await open("/sdk/modules/webhooks.html");
    const text = await page.locator("body").innerText();
    expect(text).toContain("createWebhookHandler");
    expect(text).toContain("verifyWebhookAuth");
  }, 60_000);

  test("documents the testing entry point's startMockServer", async () => {
    const { page } = await open("/sdk/modules/testing.html");
    expect(await page.locator("body").innerText()).toContain("startMockServer");
  }, 60_000);
});
