import { ChatConfigError } from "./errors/chat-config-error.js";

/**
 * The `bodySerializer` of the operations whose body is `multipart/form-data` (creating and
 * updating a keyword list): it turns the typed body into a `FormData`, which fetch sends as
 * multipart with its own boundary, and the SDK then sets no JSON content type.
 *
 * A `Blob` or `File` becomes a file part (a `File` keeps its name and type, a bare `Blob` is named
 * `blob`); a string, number or boolean becomes a text part; an array adds one part per item;
 * `undefined` and `null` are left out. A nested object cannot be a part: the call rejects with a
 * `ChatConfigError` naming the field, and nothing is sent.
 *
 * A retried attempt sends the same bytes again (see "Uploads" in the README).
 *
 * @default not used: bodies are JSON unless a call passes it
 * @example
 * await chat.POST("/moderation/keywords", {
 *   body: { id: "banned", name: "Banned", category: "word", file: new File([csv], "banned.csv", { type: "text/csv" }) },
 *   bodySerializer: formDataBody,
 * });
 */
export function formDataBody(body: object | undefined): FormData {
  const form = new FormData();
  // Object.entries would split a string into parts, and FormData sends an object as "[object Object]".
  const bad = (what: string) => new ChatConfigError(`formDataBody: ${what}.`);
  if (!(body instanceof Object) || Array.isArray(body)) throw bad("the body must be an object of fields");
  for (const [name, value] of Object.entries(body))
    for (const item of [value].flat()) {
      if (item instanceof Object && !(item instanceof Blob)) throw bad(`${JSON.stringify(name)} must be text or a Blob`);
      if (item != null) form.append(name, item instanceof Blob ? item : String(item));
    }
  return form;
}
