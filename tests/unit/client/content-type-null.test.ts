import type { Middleware } from "openapi-fetch";
import { createChatClient } from "../../../src/index";
import { json, withServer } from "../../harness/fault-server";

const ok = (_req: unknown, res: Parameters<typeof json>[0]) => json(res, 200, { data: {} });
// With middleware the request is a Request object that middleware sees; without, it never becomes one.
const noop: Middleware = { onRequest: ({ request }) => request };
const paths = [
  ["without middleware", []],
  ["with middleware", [noop]],
] as const;
const methods = ["POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof methods)[number];

/** Sends one call with a body and returns the content-type the server received. */
async function sentType(method: Method, body: unknown, client: Record<string, unknown>, init: Record<string, unknown>) {
  return withServer(ok, async (server) => {
    const chat = createChatClient({ appId: "ct", apiKey: "k-ct", baseUrl: server.url, ...client }) as unknown as Record<
      Method,
      (path: string, init: unknown) => Promise<unknown>
    >;
    await chat[method]("/users", { body, ...init });
    return server.requests[0]!.headers["content-type"];
  });
}

describe.each(paths)("Content-Type: null, on %s", (_name, middleware) => {
  const cases = methods.flatMap((method) => [
    [method, "a client-level null", { headers: { "Content-Type": null } }, {}],
    [method, "a per-call null in headers", {}, { headers: { "Content-Type": null } }],
    [method, "a per-call null in params.header", {}, { params: { header: { "content-type": null } } }],
  ]) as [Method, string, Record<string, unknown>, Record<string, unknown>][];

  test.each(cases)("%s with %s sends no JSON type: fetch names a string body text/plain", async (method, _source, client, init) => {
    expect(await sentType(method, "plain words", client, { ...init, middleware })).toBe("text/plain;charset=UTF-8");
  });

  test.each(cases)("%s with %s sends a URLSearchParams body as a form", async (method, _source, client, init) => {
    const body = new URLSearchParams({ uid: "u1" });
    const type = await sentType(method, body, client, { ...init, middleware, bodySerializer: (b: unknown) => b });
    expect(type).toBe("application/x-www-form-urlencoded;charset=UTF-8");
  });

  test.each(methods)("%s without null still sends application/json", async (method) => {
    expect(await sentType(method, { name: "x" }, {}, { middleware })).toBe("application/json");
  });

  test.each(methods)("%s with a client-level null and a per-call type sends the per-call type", async (method) => {
    const type = await sentType(
      method,
      "a,b",
      { headers: { "Content-Type": null } },
      { middleware, headers: { "content-type": "text/csv" } },
    );
    expect(type).toBe("text/csv");
  });
});
