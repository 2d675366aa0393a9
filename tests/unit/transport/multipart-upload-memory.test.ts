import { createHash } from "node:crypto";
import { createChatClient, formDataBody } from "../../../src/index";
import { multipartBlob } from "../../../src/transport/multipart-blob";

const MiB = 1024 * 1024;

describe("multipart bodies", () => {
  test("are encoded exactly as fetch encodes the same form, but for the boundary", async () => {
    const form = new FormData();
    form.append('na"me\r\nx', "line one\nline two\rthree");
    form.append("file", new File(["a,b\n1,2\n"], 'list "1".csv', { type: "text/csv" }));
    form.append("blob", new Blob([new Uint8Array([0, 1, 2, 255])]));
    const ours = multipartBlob(form);
    const theirs = new Response(form);
    const ourBoundary = /boundary=(.+)$/.exec(ours.type)![1]!;
    const theirBoundary = /boundary=(.+)$/.exec(theirs.headers.get("content-type")!)![1]!;
    const ourBytes = Buffer.from(await ours.arrayBuffer())
      .toString("latin1")
      .replaceAll(ourBoundary, "B");
    const theirBytes = Buffer.from(await theirs.arrayBuffer())
      .toString("latin1")
      .replaceAll(theirBoundary, "B");
    expect(ourBytes).toBe(theirBytes);
  });

  test("a large file is sent twice (503, then 200) byte for byte, without the SDK holding a copy of it", async () => {
    // An injected fetch that reads each body through and keeps only its digest, so that what the
    // process holds is what the SDK holds.
    const uploads: { bytes: number; sha256: string; contentType: string | null }[] = [];
    const consume = async (request: Request) => {
      const hash = createHash("sha256");
      let bytes = 0;
      const reader = request.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        bytes += chunk.value.byteLength;
        hash.update(chunk.value);
      }
      uploads.push({ bytes, sha256: hash.digest("hex"), contentType: request.headers.get("content-type") });
      const ok = uploads.length > 1;
      const body = ok ? { data: { id: "big", name: "Big" } } : { error: { code: "ERR_UNAVAILABLE", message: "again" } };
      return new Response(JSON.stringify(body), {
        status: ok ? 200 : 503,
        headers: { "content-type": "application/json", "retry-after": "0" },
      });
    };
    const chat = createChatClient({ appId: "mp", apiKey: "k-mp", baseUrl: "http://127.0.0.1:9", maxRetries: 1, fetch: consume });
    const file = new File([new Uint8Array(64 * MiB).fill(7)], "big.csv", { type: "text/csv" });
    const before = process.memoryUsage();
    let peak = before;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = { ...now, rss: Math.max(peak.rss, now.rss), arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers) };
    }, 1);
    const { response } = await chat.PUT("/moderation/keywords/{keywordId}", {
      params: { path: { keywordId: "big" } },
      body: { name: "Big", file },
      bodySerializer: formDataBody,
    });
    clearInterval(sampler);
    expect(response.status).toBe(200);
    expect(uploads).toHaveLength(2);
    expect(uploads[0]!.bytes).toBeGreaterThan(64 * MiB);
    expect(uploads[1]).toEqual(uploads[0]);
    expect(uploads[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    // Reading the form into bytes for the retry held two copies of the file (128 MiB) on top of
    // what the runtime holds while it streams a Blob (nothing to one copy, 64 MiB, depending on
    // its pace); sending the form's own Blob again adds none.
    expect((peak.arrayBuffers - before.arrayBuffers) / MiB).toBeLessThan(100);
  });

  test("a call that fails after its body was serialized leaves nothing behind for the next call's request", async () => {
    const sent: { method: string; body: string }[] = [];
    const record = async (request: Request) => {
      sent.push({ method: request.method, body: await request.text() });
      return Response.json({ data: [] });
    };
    const chat = createChatClient({ appId: "mp", apiKey: "k-mp", baseUrl: "http://127.0.0.1:9", fetch: record });
    const noop = { onRequest: ({ request }: { request: Request }) => request };
    // A GET with a body: serialized, then refused when openapi-fetch builds its Request.
    const refused = await chat.GET("/users", { body: "stale", middleware: [noop] } as never).catch((e: unknown) => e);
    expect(String(refused)).toMatch(/GET/);
    await chat.GET("/users", { middleware: [noop] });
    expect(sent).toEqual([{ method: "GET", body: "" }]);
  });
});
