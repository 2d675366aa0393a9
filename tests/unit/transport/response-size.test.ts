import type { ServerResponse } from "node:http";
import { pipeline, Readable } from "node:stream";
import { constants, createGzip } from "node:zlib";
import type { Middleware } from "openapi-fetch";
import { ChatInvalidResponseError, createChatClient } from "../../../src/index";
import { json, withServer } from "../../harness/fault-server";

const MiB = 2 ** 20;
const users = { data: [], meta: {} };
/** The message of a body over `limit`: a body of spaces would otherwise fail as malformed JSON. */
const overLimit = (limit: number) => new RegExp(`answered \\d+ with over ${limit} bytes; expected at most maxResponseBytes`);

/** `total` bytes of `fill`, made as they are read: the test never holds the body. */
function generated(total: number, fill: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, fill);
  let left = total;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      this.push(left < chunk.length ? chunk.subarray(0, left) : chunk);
      left -= chunk.length;
    },
  });
}

/** A 200 whose gzip body is about 1 MB and expands to 1 GiB of spaces (valid JSON whitespace). */
function gzipBomb(res: ServerResponse) {
  res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
  pipeline(generated(2 ** 30, 0x20), createGzip({ level: constants.Z_BEST_SPEED }), res, () => {});
}

/** A body of `size` bytes, sent as it is made. */
function bigBody(res: ServerResponse, status: number, size: number) {
  res.writeHead(status, { "content-type": "application/json" });
  pipeline(generated(size, 0x20), res, () => {});
}

describe("maxResponseBytes bounds what a body may hold", () => {
  test("a gzip bomb fails at the limit, counted after decompression, and is not retried", async () => {
    await withServer(
      (_q, res) => gzipBomb(res),
      async (server) => {
        const error = await createChatClient({ appId: "rs", apiKey: "k", baseUrl: server.url })
          .GET("/users")
          .catch((e) => e);
        expect(error).toBeInstanceOf(ChatInvalidResponseError);
        expect(error.message).toBe("GET /users answered 200 with over 10485760 bytes; expected at most maxResponseBytes.");
        expect(error.status).toBe(200);
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  test("a plain body over the default of 10 MiB fails, and is not retried", async () => {
    await withServer(
      (_q, res) => bigBody(res, 200, 11 * MiB),
      async (server) => {
        const error = await createChatClient({ appId: "rs", apiKey: "k", baseUrl: server.url })
          .GET("/users")
          .catch((e) => e);
        expect(error).toBeInstanceOf(ChatInvalidResponseError);
        expect(error.message).toMatch(overLimit(10 * MiB));
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  test("an error body over the limit fails the same way, read once: a 500 to a GET is not retried", async () => {
    await withServer(
      (_q, res) => bigBody(res, 500, 4096),
      async (server) => {
        const error = await createChatClient({ appId: "rs", apiKey: "k", baseUrl: server.url, maxResponseBytes: 1000 })
          .GET("/users")
          .catch((e) => e);
        expect(error).toBeInstanceOf(ChatInvalidResponseError);
        expect(error.message).toMatch(overLimit(1000));
        expect(error.status).toBe(500);
        expect(server.requests).toHaveLength(1);
      },
    );
  });

  test("a body of exactly the limit is read; one byte more is not", async () => {
    const body = JSON.stringify(users);
    await withServer(
      (_q, res) => json(res, 200, users),
      async (server) => {
        const chat = createChatClient({ appId: "rs", apiKey: "k", baseUrl: server.url });
        const { data } = await chat.GET("/users", { maxResponseBytes: body.length });
        expect(data).toEqual(users);
        await expect(chat.GET("/users", { maxResponseBytes: body.length - 1 })).rejects.toThrow(overLimit(body.length - 1));
      },
    );
  });

  test("a call's limit overrides the client's, and 0 lifts it", async () => {
    await withServer(
      (_q, res) => bigBody(res, 200, 2048),
      async (server) => {
        const chat = createChatClient({ appId: "rs", apiKey: "k", baseUrl: server.url, maxResponseBytes: 1000 });
        await expect(chat.GET("/users", { parseAs: "text" })).rejects.toThrow(overLimit(1000));
        const { data } = await chat.GET("/users", { maxResponseBytes: 4096, parseAs: "text" });
        expect((data as string).length).toBe(2048);
        const { data: unlimited } = await chat.GET("/users", { maxResponseBytes: 0, parseAs: "text" });
        expect((unlimited as string).length).toBe(2048);
      },
    );
  });

  test("calls that openapi-fetch builds (with middleware) are bounded too", async () => {
    const passThrough: Middleware = { onRequest: ({ request }) => request };
    await withServer(
      (_q, res) => bigBody(res, 200, 2048),
      async (server) => {
        const chat = createChatClient({ appId: "rs", apiKey: "k", baseUrl: server.url, maxResponseBytes: 1000 });
        chat.use(passThrough);
        await expect(chat.GET("/users")).rejects.toThrow(overLimit(1000));
        await expect(chat.GET("/users", { parseAs: "arrayBuffer" })).rejects.toThrow(overLimit(1000));
        expect(server.requests).toHaveLength(2);
      },
    );
  });

  test('a 2xx read with parseAs: "stream" is the caller\'s to bound', async () => {
    await withServer(
      (_q, res) => bigBody(res, 200, 2048),
      async (server) => {
        const chat = createChatClient({ appId: "rs", apiKey: "k", baseUrl: server.url, maxResponseBytes: 1000 });
        const { data } = await chat.GET("/users", { parseAs: "stream" });
        expect((await new Response(data as ReadableStream).text()).length).toBe(2048);
      },
    );
  });

  test.each([-1, Number.NaN, 2 ** 31, "1MB"])("maxResponseBytes %p is refused when the client is built", (value) => {
    expect(() => createChatClient({ appId: "rs", apiKey: "k", maxResponseBytes: value as number })).toThrow(
      /maxResponseBytes must be a finite number from 0 to 2147483647/,
    );
  });
});
