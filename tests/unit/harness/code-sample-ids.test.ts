// The code samples of one resource act on one id: the id its create sample adds. A sample that
// names in its URL the id another resource's create adds (an APNs operation sent the FCM
// provider's id) acts on a resource of the wrong kind, and the service answers 400 or 404.
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..", "..");

interface Operation {
  operationId: string;
  requestBody?: { content?: Record<string, { examples?: Record<string, { value?: unknown }>; example?: unknown }> };
  "x-codeSamples"?: { lang: string; source: string }[];
}
const spec = JSON.parse(readFileSync(join(root, "generated", "openapi.json"), "utf8")) as {
  paths: Record<string, Record<string, Operation>>;
};

/**
 * The id each create sample adds, by the collection it adds to: the field of its body's first
 * example named `id`, or named as the path parameter of the operations under the collection.
 */
function createdIds(): Map<string, string> {
  const created = new Map<string, string>();
  const paths = Object.keys(spec.paths);
  for (const [path, item] of Object.entries(spec.paths)) {
    const content = item.post?.requestBody?.content?.["application/json"];
    const body = (content && (Object.values(content.examples ?? {})[0]?.value ?? content.example)) as Record<string, unknown> | undefined;
    if (!body || typeof body !== "object") continue;
    const names = new Set([
      "id",
      ...paths.filter((other) => other.startsWith(`${path}/`)).flatMap((other) => /\{(\w+)\}$/.exec(other)?.[1] ?? []),
    ]);
    for (const name of names) if (typeof body[name] === "string") created.set(body[name] as string, path);
  }
  return created;
}

/** The path of the URL a curl sample requests, after the server's /v3 (or none). */
const curlPath = (source: string): string =>
  new URL(/"(https:\/\/[^"]+)"/.exec(source)![1]!.replace(/\$\w+/g, "x")).pathname.replace(/^\/v3/, "");

test("no sample acts, by its URL, on an id that another resource's create sample adds", () => {
  const created = createdIds();
  expect(created.get("apns-provider-1")).toBe("/notifications/push/v1/providers/apns");
  expect(created.get("fcm-provider-1")).toBe("/notifications/push/v1/providers/fcm");
  const wrong: string[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    if (!template.includes("{")) continue;
    for (const op of Object.values(item)) {
      const curl = op["x-codeSamples"]?.find((sample) => sample.lang === "Shell")?.source;
      if (!curl) continue;
      const segments = curlPath(curl).split("/").map(decodeURIComponent);
      for (const [id, collection] of created)
        if (segments.includes(id) && !template.startsWith(`${collection}/`)) wrong.push(`${op.operationId}: ${id}`);
    }
  }
  expect(wrong).toEqual([]);
});

test("the APNs samples act on the provider the APNs create sample adds, in both languages", () => {
  const apns = Object.entries(spec.paths).filter(([path]) => path.startsWith("/notifications/push/v1/providers/apns/"));
  expect(apns.length).toBeGreaterThanOrEqual(2);
  for (const [, item] of apns)
    for (const op of Object.values(item)) {
      const [typescript, curl] = ["TypeScript", "Shell"].map((lang) => op["x-codeSamples"]!.find((sample) => sample.lang === lang)!.source);
      expect([op.operationId, typescript!.includes('providerId: "apns-provider-1"')]).toEqual([op.operationId, true]);
      expect([op.operationId, curlPath(curl!).endsWith("/apns-provider-1")]).toEqual([op.operationId, true]);
    }
});
