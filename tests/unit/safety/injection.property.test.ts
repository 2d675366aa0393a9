// Generated inputs, including the awkward ones fast-check finds, never move a request to
// another host, another path, or into a header it should not reach: each either is refused
// with a ChatConfigError, with nothing sent, or arrives exactly where it belongs.
import fc from "fast-check";
import { ChatConfigError, createChatClient, REGIONS } from "../../../src/index";
import { recordingFetch } from "../../harness/recording-fetch";

const RUNS = { numRuns: 400 };

// Strings of every kind: printable ASCII, any UTF-16 unit (lone surrogates too), whole
// graphemes, and the pieces that take URLs and headers apart.
const nasty = fc.constantFrom(
  ".",
  "..",
  "%2e%2e",
  "%2E.",
  "../x",
  "a/b",
  "a\\b",
  "a?b=1",
  "a#b",
  "a@b",
  "a:1",
  "$'",
  "..$'",
  "$`",
  "$&",
  "\r\n",
  "\u0085",
  "\u00a0",
  "é",
  "用户",
  "\ud800",
);
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme" }),
  fc.array(fc.oneof(nasty, fc.string({ maxLength: 3 })), { maxLength: 5 }).map((parts) => parts.join("")),
);

/** Runs `attempt`; true when it was refused with a ChatConfigError and nothing was sent. */
async function refused(attempt: () => Promise<unknown>, sent: () => number): Promise<boolean> {
  try {
    await attempt();
    return false;
  } catch (error) {
    if (!(error instanceof ChatConfigError)) throw error;
    expect(sent()).toBe(0);
    return true;
  }
}

// What a request to the Chat API carries when nothing adds a header.
const BASE_HEADERS = ["apikey", "user-agent"];
function headerNames(request: Request): string[] {
  const names: string[] = [];
  request.headers.forEach((_value, name) => {
    names.push(name);
  });
  return names.sort();
}

describe("host inputs", () => {
  test("an appId either is refused or becomes the single first label of the regional host", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyString, fc.stringMatching(/^[a-zA-Z0-9.-]{1,70}$/)), async (appId) => {
        const rec = recordingFetch();
        const attempt = () => createChatClient({ appId, apiKey: "k", fetch: rec.fetch }).GET("/users");
        if (await refused(attempt, () => rec.requests.length)) return;
        const url = new URL(rec.last().url);
        expect(url.origin).toBe(`https://${appId.toLowerCase()}.api-us.cometchat.io`);
        expect(url.hostname.split(".")).toHaveLength(4);
        expect(url.pathname).toBe("/v3/users");
      }),
      RUNS,
    );
  });

  test("a region either is refused or is one of the known regions", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyString, fc.constantFrom(...REGIONS), fc.constantFrom("us.evil.com", "eu/x", "in:443", "US")),
        async (region) => {
          const rec = recordingFetch();
          const attempt = () => createChatClient({ appId: "app", region: region as "us", apiKey: "k", fetch: rec.fetch }).GET("/users");
          if (await refused(attempt, () => rec.requests.length)) return;
          expect(REGIONS).toContain(region);
          expect(new URL(rec.last().url).origin).toBe(`https://app.api-${region}.cometchat.io`);
        },
      ),
      RUNS,
    );
  });
});

describe("path inputs", () => {
  test("a path parameter either is refused or fills exactly its own segment", async () => {
    const value = fc.oneof(anyString, fc.integer(), fc.double(), fc.anything());
    await fc.assert(
      fc.asyncProperty(value, async (uid) => {
        const rec = recordingFetch();
        const chat = createChatClient({ appId: "app", apiKey: "k", fetch: rec.fetch });
        const attempt = () => chat.GET("/users/{uid}/friends" as "/users", { params: { path: { uid } } } as never);
        if (await refused(attempt, () => rec.requests.length)) return;
        const url = new URL(rec.last().url);
        expect(url.origin).toBe("https://app.api-us.cometchat.io");
        expect(url.search + url.hash).toBe("");
        const segment = /^\/v3\/users\/([^/]+)\/friends$/.exec(url.pathname)?.[1];
        expect(segment).toBeDefined();
        expect(decodeURIComponent(segment!)).toBe(String(uid));
        expect(headerNames(rec.last())).toEqual(BASE_HEADERS);
      }),
      RUNS,
    );
  });

  test("a path template either is refused or stays under the base path", async () => {
    await fc.assert(
      fc.asyncProperty(anyString, async (path) => {
        const rec = recordingFetch();
        const chat = createChatClient({ appId: "app", apiKey: "k", fetch: rec.fetch });
        if (
          await refused(
            () => chat.GET(path as "/users"),
            () => rec.requests.length,
          )
        )
          return;
        const url = new URL(rec.last().url);
        expect(url.origin).toBe("https://app.api-us.cometchat.io");
        expect(url.pathname.startsWith("/v3/")).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("header inputs", () => {
  const casing = fc.constantFrom("onBehalfOf", "onbehalfof", "ONBEHALFOF", "OnBehalfOf", "oNbEhAlFoF");

  test("an onBehalfOf per call, under any casing, either is refused or is sent as exactly that one header", async () => {
    await fc.assert(
      fc.asyncProperty(casing, anyString, async (name, uid) => {
        const rec = recordingFetch();
        const chat = createChatClient({ appId: "app", apiKey: "k", fetch: rec.fetch });
        const attempt = () => chat.GET("/users", { params: { header: { [name]: uid } } } as never);
        if (await refused(attempt, () => rec.requests.length)) return;
        expect(rec.last().headers.get("onbehalfof")).toBe(uid);
        expect(headerNames(rec.last())).toEqual([...BASE_HEADERS, "onbehalfof"].sort());
        expect(rec.last().headers.get("apikey")).toBe("k");
      }),
      RUNS,
    );
  });

  test("a bound onBehalfOf either is refused when bound or is sent as exactly that one header", async () => {
    await fc.assert(
      fc.asyncProperty(anyString, async (uid) => {
        const rec = recordingFetch();
        const chat = createChatClient({ appId: "app", apiKey: "k", fetch: rec.fetch });
        let bound: ReturnType<typeof chat.as>;
        try {
          bound = chat.as(uid);
        } catch (error) {
          expect(error).toBeInstanceOf(ChatConfigError);
          return;
        }
        await bound.GET("/users");
        expect(rec.last().headers.get("onbehalfof")).toBe(uid);
        expect(headerNames(rec.last())).toEqual([...BASE_HEADERS, "onbehalfof"].sort());
      }),
      RUNS,
    );
  });

  test("an API key either is refused or is sent trimmed as the apikey header only", async () => {
    await fc.assert(
      fc.asyncProperty(anyString, async (apiKey) => {
        const rec = recordingFetch();
        let chat: ReturnType<typeof createChatClient>;
        try {
          chat = createChatClient({ appId: "app", apiKey, fetch: rec.fetch });
        } catch (error) {
          expect(error).toBeInstanceOf(ChatConfigError);
          expect((error as Error).message).not.toContain(apiKey.trim() || "\u0000never");
          return;
        }
        await chat.GET("/users");
        expect(rec.last().headers.get("apikey")).toBe(apiKey.trim());
        expect(headerNames(rec.last())).toEqual(BASE_HEADERS);
      }),
      RUNS,
    );
  });
});
