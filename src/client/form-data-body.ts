import { ChatConfigError } from "../errors/chat-config-error.js";

/**
 * The `bodySerializer` of the operations whose body is `multipart/form-data` (creating and
 * updating a keyword list, uploading the push notification extension's APNs certificate or key):
 * it turns the typed body into a `FormData`, which fetch sends as multipart with its own boundary,
 * and the SDK then sets no JSON content type.
 *
 * A `Blob` or `File` becomes a file part (a `File` keeps its name and type, a bare `Blob` is named
 * `blob`); a string, number or boolean becomes a text part; `undefined` and `null` are left out.
 * Any other object, an array included, cannot be a part: the call rejects with a `ChatConfigError`
 * naming the field, and nothing is sent.
 *
 * A retried attempt sends the same bytes again (see "Uploads" in the README).
 *
 * @default not used: bodies are JSON unless a call passes it
 * @example
 * const csv = new File(["darn\nheck\n"], "banned.csv", { type: "text/csv" });
 * await chat.POST("/moderation/keywords", {
 *   body: { id: "banned", name: "Banned", category: "word", file: csv },
 *   bodySerializer: formDataBody,
 * });
 */
export function formDataBody(body: object | undefined): FormData {
  // A FormData has no own fields to enumerate: it would go out as an empty form.
  if (body instanceof FormData) throw new ChatConfigError("formDataBody: pass the fields as an object, not a FormData.");
  const form = new FormData();
  for (const [name, value] of Object.entries(body ?? {})) {
    // FormData would send any other object, an array included, as its text ("[object Object]", "a,b").
    if (value instanceof Object && !(value instanceof Blob)) throw new ChatConfigError(`formDataBody: ${name} must be text or a Blob.`);
    if (value != null) form.append(name, value instanceof Blob ? value : String(value));
  }
  return form;
}
