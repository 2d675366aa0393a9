// Internal: a request's body as the fake reads it, from either front (node:http or `handle`),
// within the limits the fake documents: its size, and for JSON how deep it nests.
import type { IncomingMessage } from "node:http";
import { jsonNestsDeeper } from "../../../webhooks/nesting-depth";
import { badField, type FakeError } from "./fake-error";

/** Bodies above this are refused before parsing: the service takes JSON payloads of about 64 KB. */
export const MAX_BODY_BYTES = 1 << 20;

/**
 * JSON bodies nesting arrays and objects deeper than this are refused before parsing. The
 * service's own limits are far below it; past a few thousand levels, the recursion of
 * `JSON.stringify` and `structuredClone` runs out of stack on what was stored.
 */
export const MAX_BODY_DEPTH = 64;

const tooLarge = () => badField("body", `is larger than ${MAX_BODY_BYTES} bytes`);

/**
 * The body from node:http. Past the cap, the bytes are counted and dropped, so that the client
 * still gets its 400 on a connection it can read.
 */
export function readNodeBody(req: IncomingMessage): Promise<Buffer | FakeError> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    // Every request closes, after its `end` too: an error, with the stack trace it captures, is
    // built only when nothing has settled the promise yet.
    let settled = false;
    const settle = (body: () => Buffer | FakeError) => {
      if (!settled) done(body());
      settled = true;
    };
    const unread = () => badField("body", "could not be read");
    req.on("end", () => settle(() => (size > MAX_BODY_BYTES ? tooLarge() : Buffer.concat(chunks))));
    req.on("error", () => settle(unread));
    // A client that goes away mid-body ends the request without `end`; the promise still settles.
    req.on("close", () => settle(unread));
  });
}

/**
 * The body of a Fetch API request (`handle`): a declared length over the cap is refused unread,
 * and a streamed one is read only up to the cap, then cancelled.
 */
export async function readFetchBody(request: Request): Promise<Buffer | FakeError> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    await request.body?.cancel().catch(() => {});
    return tooLarge();
  }
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = request.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => {});
        return tooLarge();
      }
      chunks.push(next.value);
    }
  } catch {
    return badField("body", "could not be read");
  }
  return Buffer.concat(chunks);
}

/** A JSON body's value; 400 when it is not JSON, or nests deeper than {@link MAX_BODY_DEPTH}. */
export function parseJsonBody(raw: Buffer): unknown {
  const text = raw.toString("utf8");
  if (jsonNestsDeeper(text, MAX_BODY_DEPTH)) throw badField("body", `nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch {
    throw badField("body", "is not valid JSON");
  }
}

/**
 * A multipart body's fields, each as text (a file as its content), read by the platform's own
 * form-data parser (undici's, behind `Response.formData`): the models take the fields they know.
 */
export async function formFields(raw: Buffer, contentType: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badField("body", "is not valid multipart/form-data");
  }
  const fields: Record<string, string> = {};
  const entries: [string, FormDataEntryValue][] = [];
  form.forEach((value, name) => {
    entries.push([name, value]);
  });
  for (const [name, value] of entries) fields[name] = typeof value === "string" ? value : await value.text();
  return fields;
}
