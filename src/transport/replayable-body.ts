import type { Middleware } from "openapi-fetch";

// The body each Request was built with, while it is the Request openapi-fetch made: when no
// middleware replaced it, every attempt can send that body again instead of a copy read from the stream.
const builtWith = new WeakMap<Request, unknown>();
let serialized: unknown;

type Serializer = (body: unknown, headers?: unknown) => unknown;

/**
 * `serializer`, remembering what it returned until {@link rememberBody} pairs it with the Request.
 * openapi-fetch serializes the body and then, with no await in between, builds the Request and
 * calls the first middleware, so no other call can come between the two.
 */
export const rememberingSerializer =
  (serializer: Serializer): Serializer =>
  (body, headers) =>
    (serialized = serializer(body, headers));

/** The first middleware of every client: pairs openapi-fetch's Request with the body it was built from. */
export const rememberBody: Middleware = {
  onRequest({ request }) {
    builtWith.set(request, serialized);
    serialized = undefined;
  },
};

/** The body `request` was built with, when it can be sent again as it is; undefined otherwise. */
export function bodyBuiltWith(request: Request): BodyInit | undefined {
  // A Request without a body takes none, whatever was remembered for it (say, after a call that failed
  // between serializing its body and building its Request).
  const body = request.body === null ? undefined : builtWith.get(request);
  // Bytes and URLSearchParams are left to the copy: a caller could still change them in place.
  return body instanceof Blob || body instanceof FormData || typeof body === "string" ? body : undefined;
}

// As fetch writes names and file names (WHATWG multipart/form-data encoding).
const escapeName = (text: string) => text.replace(/\n/g, "%0A").replace(/\r/g, "%0D").replace(/"/g, "%22");

/**
 * The multipart encoding of `form` as one `Blob` whose `type` names its boundary. It is built from
 * the form's own Blobs, which are immutable, so it copies no file and every attempt sends the same
 * bytes, boundary included.
 */
export function multipartBlob(form: FormData): Blob {
  const boundary = `----chat-rest-sdk-${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}`;
  const parts: BlobPart[] = [];
  form.forEach((value, name) => {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"`;
    if (typeof value === "string") parts.push(`${head}\r\n\r\n${value.replace(/\r?\n|\r/g, "\r\n")}\r\n`);
    else {
      head += `; filename="${escapeName(value.name)}"\r\nContent-Type: ${value.type || "application/octet-stream"}`;
      parts.push(`${head}\r\n\r\n`, value, "\r\n");
    }
  });
  parts.push(`--${boundary}--\r\n`);
  return new Blob(parts, { type: `multipart/form-data; boundary=${boundary}` });
}
