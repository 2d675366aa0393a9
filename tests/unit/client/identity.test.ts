import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createChatClient, ChatConfigError } from "../../../src/index";
import { guardBrowser, isBrowserLike } from "../../../src/safety/browser-guard";
import { defaultUserAgent, SDK_VERSION } from "../../../src/client/user-agent";
import { recordingFetch } from "../../harness/recording-fetch";

describe("User-Agent", () => {
  test("SDK_VERSION matches package.json", () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, "../../../package.json"), "utf8"));
    expect(SDK_VERSION).toBe(pkg.version);
  });

  test("names the SDK and the runtime with their versions", async () => {
    const rec = recordingFetch();
    await createChatClient({ appId: "ua", apiKey: "k", fetch: rec.fetch }).GET("/users");
    expect(rec.last().headers.get("user-agent")).toBe(`chat-rest-sdk/${SDK_VERSION} node/${process.versions.node}`);
  });

  test("can be overridden", async () => {
    const rec = recordingFetch();
    await createChatClient({ appId: "ua", apiKey: "k", fetch: rec.fetch, userAgent: "billing/2.0" }).GET("/users");
    expect(rec.last().headers.get("user-agent")).toBe("billing/2.0");
  });

  test("detects Bun and Deno, and stays silent in a browser", () => {
    expect(defaultUserAgent({ process: { versions: { node: "22.0.0", bun: "1.2.3" } } })).toBe(`chat-rest-sdk/${SDK_VERSION} bun/1.2.3`);
    expect(defaultUserAgent({ Deno: { version: { deno: "2.1.0" } } })).toBe(`chat-rest-sdk/${SDK_VERSION} deno/2.1.0`);
    expect(defaultUserAgent({ window: {}, document: {}, navigator: {} })).toBeUndefined();
  });
});

describe("browser guard", () => {
  const browser = { window: {}, document: {} };

  test("a scope with window and document is browser-like; Node is not", () => {
    expect(isBrowserLike(browser)).toBe(true);
    expect(isBrowserLike({ window: {} })).toBe(false);
    expect(isBrowserLike()).toBe(false);
  });

  test("refuses a browser-like scope and explains why", () => {
    expect(() => guardBrowser(undefined, browser)).toThrow(ChatConfigError);
    expect(() => guardBrowser(false, browser)).toThrow(/readable by anyone using the page.*fullAccess key.*dangerouslyAllowBrowser: true/s);
  });

  test("dangerouslyAllowBrowser lets it through", () => {
    expect(() => guardBrowser(true, browser)).not.toThrow();
  });

  test("the client runs the guard at construction", () => {
    expect(() => createChatClient({ appId: "a", apiKey: "k", dangerouslyAllowBrowser: true })).not.toThrow();
  });
});

describe("User-Agent per call", () => {
  test("a call's userAgent replaces the client's for that call only", async () => {
    const rec = recordingFetch();
    const chat = createChatClient({ appId: "ua", apiKey: "k", fetch: rec.fetch, userAgent: "client/1" });
    await chat.GET("/users", { userAgent: "nightly-sync/3" });
    expect(rec.last().headers.get("user-agent")).toBe("nightly-sync/3");
    await chat.GET("/users");
    expect(rec.last().headers.get("user-agent")).toBe("client/1");
  });
});
