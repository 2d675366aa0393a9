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
