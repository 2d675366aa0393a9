import { formDataBody } from "../../../src/index";
import { buildRequest, requestOf } from "../../../src/client/build-request";
import { clientConfig } from "../../../src/client/client-config";

// The builder alone, given a client's config: what every call turns into before the transport.
const config = (options: Parameters<typeof clientConfig>[0] = {}) =>
  clientConfig({ userAgent: "ua/1", ...options }, "https://app.api-eu.cometchat.io/v3", { apikey: "k-1" });

describe("buildRequest", () => {
  test("writes the URL from the template and params, arrays comma-separated as the spec declares", () => {
    const built = buildRequest(
      config(),
      "GET",
      "/users/{uid}/friends",
      { path: { uid: "a b" }, query: { tags: ["x", "y"], perPage: 5 } },
      undefined,
      undefined,
    );
    expect(built.url).toBe("https://app.api-eu.cometchat.io/v3/users/a%20b/friends?tags=x,y&perPage=5");
    expect(built.request).toBeUndefined();
  });

  test("merges headers client, call, params.header in that order, credentials kept, and JSON for a body", () => {
    const built = buildRequest(
      config({ headers: { "X-Team": "a" } }),
      "POST",
      "/messages",
      { header: { onBehalfOf: "u1", "x-team": "c" } },
      { headers: { "x-team": "b", "x-call": "1" }, body: { receiver: "u2" } },
      "ua/2",
    );
    expect(built.init.headers).toEqual({
      "user-agent": "ua/2",
      "x-team": "c",
      "x-call": "1",
      apikey: "k-1",
      onbehalfof: "u1",
      "content-type": "application/json",
    });
    expect(built.body).toBe('{"receiver":"u2"}');
    expect(built.init.body).toBe(built.body);
  });

  test("a null Content-Type, on the client or the call, leaves the type to fetch", () => {
    const onClient = buildRequest(config({ headers: { "Content-Type": null } }), "POST", "/x", {}, { body: "hi" }, undefined);
    const onCall = buildRequest(config(), "POST", "/x", {}, { body: "hi", headers: { "content-type": null } }, undefined);
    expect(onClient.init.headers["content-type"]).toBeUndefined();
    expect(onCall.init.headers["content-type"]).toBeUndefined();
  });

  test("a form body gets no JSON type, and fetch options pass through while the SDK's own do not", () => {
    const built = buildRequest(
      config(),
      "POST",
      "/moderation/keywords",
      {},
      { body: { id: "k" }, bodySerializer: formDataBody, cache: "no-store", timeoutMs: 5, logger: console },
      undefined,
    );
    expect(built.body).toBeInstanceOf(FormData);
    expect(built.init.headers["content-type"]).toBeUndefined();
    expect(built.init).toMatchObject({ method: "POST", cache: "no-store" });
    expect(built.init).not.toHaveProperty("timeoutMs");
    expect(built.init).not.toHaveProperty("logger");
  });

  test("becomes a Request at once only for a custom Request class, and on demand for middleware", () => {
    class Traced extends Request {}
    const built = buildRequest(config(), "POST", "/users", {}, { body: { uid: "u1" }, cache: "no-store" }, undefined);
    const ofClass = buildRequest(config({ Request: Traced }), "GET", "/users", {}, undefined, undefined);
    expect(built.request).toBeUndefined();
    const forMiddleware = requestOf(built.url, built.init);
    expect(forMiddleware).toBeInstanceOf(Request);
    expect([forMiddleware.method, forMiddleware.url, forMiddleware.cache]).toEqual([
      "POST",
      "https://app.api-eu.cometchat.io/v3/users",
      "no-store",
    ]);
    expect(forMiddleware.headers.get("apikey")).toBe("k-1");
    expect(forMiddleware.headers.get("content-type")).toBe("application/json");
    expect(ofClass.request).toBeInstanceOf(Traced);
  });

  test("refuses a body on a GET before anything exists to send", () => {
    expect(() => buildRequest(config(), "GET", "/users", {}, { body: {} }, undefined)).toThrow("GET requests cannot have a body.");
  });
});
