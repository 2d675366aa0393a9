// Keyword lists are created and updated with multipart/form-data bodies, which may carry a CSV
// file: formDataBody turns the typed body into real multipart, checked here on the wire.
import { ChatConfigError, createChatClient, formDataBody, unwrap } from "../../../src/index";
import { json, withServer, type Handler, unavailableOnce } from "../../harness/fault-server";

const list = { id: "banned", name: "Banned", category: "word", isCSV: true, searchTerms: ["darn"], createdAt: 1, updatedAt: 1 };
const ok: Handler = (_q, res) => json(res, 200, { data: list });
const client = (baseUrl: string) => createChatClient({ appId: "mp", apiKey: "k-mp", baseUrl });
const csv = () => new File(["darn\nheck\n"], "banned.csv", { type: "text/csv" });

/** The names of a FormData's parts, in order, with repeats. */
function namesOf(form: FormData): string[] {
  const names: string[] = [];
  form.forEach((_value, name) => {
    names.push(name);
  });
  return names;
}

/** The parts of a multipart body as the server received it, parsed by the platform's own parser. */
async function partsOf(sent: { headers: Record<string, unknown>; body: string }) {
  return new Response(sent.body, { headers: { "content-type": String(sent.headers["content-type"]) } }).formData();
}

describe("formDataBody", () => {
  test("sends a keyword list as multipart/form-data: a boundary, one part per field, the file with its name and type", async () => {
    await withServer(ok, async (server) => {
      const { data } = await unwrap(
        client(server.url).POST("/moderation/keywords", {
          body: { id: "banned", name: "Banned", category: "word", searchTerms: "darn,heck", file: csv() },
          bodySerializer: formDataBody,
        }),
      );
      expect(data.id).toBe("banned");
      const [sent] = server.requests;
      const contentType = String(sent!.headers["content-type"]);
      const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(contentType)?.[1];
      expect(boundary).toBeDefined();
      expect(sent!.headers["content-type"]).not.toMatch(/json/);
      expect(sent!.body.startsWith(`--${boundary}\r\n`)).toBe(true);
      expect(sent!.body.trimEnd().endsWith(`--${boundary}--`)).toBe(true);
      expect(sent!.body).toContain(
        'Content-Disposition: form-data; name="file"; filename="banned.csv"\r\nContent-Type: text/csv\r\n\r\ndarn\nheck\n',
      );
      const parts = await partsOf(sent!);
      expect(namesOf(parts)).toEqual(["id", "name", "category", "searchTerms", "file"]);
      expect(parts.get("searchTerms")).toBe("darn,heck");
      const file = parts.get("file") as File;
      expect([file.name, file.type, await file.text()]).toEqual(["banned.csv", "text/csv", "darn\nheck\n"]);
    });
  });

  test("sends a body without a file as multipart too, with no JSON content type", async () => {
    await withServer(ok, async (server) => {
      await unwrap(
        client(server.url).PUT("/moderation/keywords/{keywordId}", {
          params: { path: { keywordId: "banned" } },
          body: { name: "Banned words" },
          bodySerializer: formDataBody,
        }),
      );
      const [sent] = server.requests;
      expect(sent!.method).toBe("PUT");
      expect(sent!.url).toBe("/moderation/keywords/banned");
      expect(sent!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      const parts = await partsOf(sent!);
      expect([namesOf(parts), parts.get("name")]).toEqual([["name"], "Banned words"]);
    });
  });

  test("a PUT answered 503 is retried with the same multipart body, byte for byte, boundary included", async () => {
    await withServer(unavailableOnce(ok), async (server) => {
      await unwrap(
        client(server.url).PUT("/moderation/keywords/{keywordId}", {
          params: { path: { keywordId: "banned" } },
          body: { category: "word", file: csv() },
          bodySerializer: formDataBody,
        }),
      );
      const [first, second] = server.requests;
      expect(server.requests).toHaveLength(2);
      expect(second!.headers["content-type"]).toBe(first!.headers["content-type"]);
      expect(second!.body).toBe(first!.body);
      expect((await partsOf(second!)).get("file")).toBeInstanceOf(File);
    });
  });

  test("a Blob that is not a File is sent as a file part named blob; numbers as text; null and undefined not at all", () => {
    const form = formDataBody({ file: new Blob(["x"], { type: "text/csv" }), gone: undefined, none: null, n: 3, on: false });
    expect(namesOf(form)).toEqual(["file", "n", "on"]);
    expect((form.get("file") as File).name).toBe("blob");
    expect([form.get("n"), form.get("on")]).toEqual(["3", "false"]);
  });

  test("a nested object rejects the call with a ChatConfigError naming the field, and nothing is sent", async () => {
    await withServer(ok, async (server) => {
      const call = client(server.url).POST("/moderation/keywords", {
        body: { name: { first: "Banned" } } as never,
        bodySerializer: formDataBody,
      });
      await expect(call).rejects.toThrow(new ChatConfigError("formDataBody: name must be text or a Blob."));
      expect(server.requests).toHaveLength(0);
    });
  });

  test("an array field is refused rather than sent as its comma-joined text", () => {
    expect(() => formDataBody({ searchTerms: ["darn", "heck"] })).toThrow(
      new ChatConfigError("formDataBody: searchTerms must be text or a Blob."),
    );
  });
});
