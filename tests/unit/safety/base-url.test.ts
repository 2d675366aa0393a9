import { callsBaseUrl, chatBaseUrl } from "../../../src/safety/base-url";
import { checkBaseUrl } from "../../../src/safety/input-checks";
import { ChatConfigError } from "../../../src/errors/chat-config-error";

describe("regional base URLs", () => {
  test.each([
    ["us", "https://abc123.api-us.cometchat.io/v3"],
    ["eu", "https://abc123.api-eu.cometchat.io/v3"],
    ["in", "https://abc123.api-in.cometchat.io/v3"],
  ] as const)("the Chat API URL of region %s", (region, url) => {
    expect(chatBaseUrl({ appId: "abc123", region })).toBe(url);
  });

  test("the region defaults to us", () => {
    expect(chatBaseUrl({ appId: "abc123" })).toBe("https://abc123.api-us.cometchat.io/v3");
  });

  test("the Calls API host label starts with call- instead of api-", () => {
    expect(callsBaseUrl({ appId: "abc123", region: "eu" })).toBe("https://abc123.call-eu.cometchat.io/v3");
  });

  test.each(["", "evil.com", "a/b", "x@evil", "a:80", "-abc", "abc-", "a b", "a".repeat(64), "abc\n"])(
    "an app id that is not one host label (%j) is rejected",
    (appId) => {
      expect(() => chatBaseUrl({ appId })).toThrow(ChatConfigError);
      expect(() => chatBaseUrl({ appId })).toThrow(/appId must be a single host-name label/);
    },
  );

  test("an unknown region is rejected", () => {
    expect(() => chatBaseUrl({ appId: "abc", region: "ap" as "us" })).toThrow(/region must be one of us, eu, in/);
  });
});

describe("caller-supplied base URLs", () => {
  test.each(["https://proxy.example.com/v3", "http://localhost:4010", "http://127.0.0.9:1", "http://[::1]:4010"])(
    "%s is accepted",
    (url) => {
      expect(checkBaseUrl(url)).toBe(url.replace(/\/$/, ""));
    },
  );

  test.each(["http://example.com", "http://10.0.0.1:4010", "ftp://localhost", "not a url", "https://u:p@host", "https://host/?q=1"])(
    "%s is rejected",
    (url) => {
      expect(() => checkBaseUrl(url)).toThrow(ChatConfigError);
    },
  );

  test("a trailing slash is dropped so paths join cleanly", () => {
    expect(checkBaseUrl("http://localhost:4010/")).toBe("http://localhost:4010");
  });
});
