// The Calls client: the same app, region and API key as the Chat client, sent to the app's
// Calls host (`call-` where the Chat API has `api-`).
import { ChatConfigError, createCallsClient, unwrap } from "../../../src/index";
import { json, withServer, type Handler, unavailableOnce } from "../../harness/fault-server";

const page = { data: [], meta: { pagination: { total: 0, count: 0, per_page: 100, current_page: 1, total_pages: 0 } } };
const ok: Handler = (_q, res) => json(res, 200, page);

/** An injected fetch that answers every request and keeps its URL and headers. */
function recordingFetch() {
  const seen: { url: string; headers: Headers }[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({ url: request.url, headers: request.headers });
    return new Response(JSON.stringify(page), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { fetch: fetch as (input: Request) => Promise<Response>, seen };
}

describe("createCallsClient", () => {
  test("sends to the app's Calls host in its region, with the apikey header", async () => {
    const { fetch, seen } = recordingFetch();
    const calls = createCallsClient({ appId: "2a1b3c4d", region: "eu", apiKey: "k-calls", fetch });
    await unwrap(calls.GET("/calls", { params: { query: { type: "video", status: "ended", hasRecording: true } } }));
    expect(seen[0]!.url).toBe("https://2a1b3c4d.call-eu.cometchat.io/v3/calls?type=video&status=ended&hasRecording=true");
    expect(seen[0]!.headers.get("apikey")).toBe("k-calls");
  });

  test("defaults to the us region", async () => {
    const { fetch, seen } = recordingFetch();
    await unwrap(createCallsClient({ appId: "2a1b3c4d", apiKey: "k", fetch }).GET("/calls"));
    expect(new URL(seen[0]!.url).host).toBe("2a1b3c4d.call-us.cometchat.io");
  });

  test("as(uid) and the onBehalfOf option send onBehalfOf on every request", async () => {
    await withServer(ok, async (server) => {
      const calls = createCallsClient({ appId: "app", apiKey: "k", baseUrl: server.url });
      await unwrap(calls.as("cometchat-uid-1").GET("/calls"));
      const bound = createCallsClient({ appId: "app", apiKey: "k", baseUrl: server.url, onBehalfOf: "cometchat-uid-2" });
      await unwrap(bound.GET("/calls/{sessionId}/transcriptions", { params: { path: { sessionId: "v1.us.app.1692368113" } } }));
      await unwrap(calls.GET("/calls"));
      expect(server.requests.map((r) => r.headers.onbehalfof)).toEqual(["cometchat-uid-1", "cometchat-uid-2", undefined]);
      expect(server.requests[1]!.url).toBe("/calls/v1.us.app.1692368113/transcriptions");
    });
  });

  test("takes the chat client's options: headers, and per-call retries", async () => {
    await withServer(unavailableOnce(ok), async (server) => {
      const calls = createCallsClient({ appId: "app", apiKey: "k", baseUrl: server.url, headers: { "x-request-source": "report" } });
      await unwrap(calls.GET("/calls", { maxRetries: 1 }));
      expect(server.requests).toHaveLength(2);
      expect(server.requests[1]!.headers["x-request-source"]).toBe("report");
    });
  });

  test.each([
    ["an appId that is not a host label", { appId: "a.b", apiKey: "k" }, /appId/],
    ["an unknown region", { appId: "app", region: "ap", apiKey: "k" }, /region/],
    ["no API key", { appId: "app" }, /apiKey/],
    ["an apikey header of its own", { appId: "app", apiKey: "k", headers: { apikey: "other" } }, /apikey/],
  ])("refuses %s with a ChatConfigError", (_what, options, message) => {
    expect(() => createCallsClient(options as never)).toThrow(ChatConfigError);
    expect(() => createCallsClient(options as never)).toThrow(message);
  });

  test("refuses a missing options object with a ChatConfigError naming createCallsClient", () => {
    expect(() => createCallsClient(undefined as never)).toThrow(/createCallsClient needs an options object/);
  });
});
