// The TypeScript and curl samples of an operation (`x-codeSamples`, written by
// scripts/code-samples.mjs) send the same request. Here: the same JSON body, read back from each
// sample's text, for every operation of the generated spec and for a copy of it whose example has
// keys an object literal treats specially.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..", "..");
const work = join(root, ".tmp", "code-sample-bodies");

interface Samples {
  operationId: string;
  typescript: string;
  curl: string;
}

type Spec = { paths: Record<string, Record<string, { operationId?: string; "x-codeSamples"?: { lang: string; source: string }[] }>> };

function samplesOf(spec: Spec): Samples[] {
  return Object.values(spec.paths).flatMap((item) =>
    Object.values(item)
      .filter((op) => op?.["x-codeSamples"])
      .map((op) => {
        const source = (lang: string) => op["x-codeSamples"]!.find((sample) => sample.lang === lang)!.source;
        return { operationId: op.operationId!, typescript: source("TypeScript"), curl: source("Shell") };
      }),
  );
}

/** The balanced `{...}` or `[...]` that starts at `from`, JSON strings skipped whole. */
function balanced(text: string, from: number): string {
  let depth = 0;
  for (let at = from; at < text.length; at++) {
    const char = text[at]!;
    if (char === '"') {
      for (at++; text[at] !== '"'; at++) if (text[at] === "\\") at++;
    } else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      if (--depth === 0) return text.slice(from, at + 1);
    }
  }
  throw new Error(`no balanced literal at ${from}`);
}

/** The body the TypeScript sample sends: its `body:` literal, evaluated as the program would. */
function typescriptBody(source: string): unknown {
  const at = source.indexOf("body: ");
  if (at === -1) return undefined;
  // The literal is the generator's own output, evaluated as the sample's program would.
  return new Function(`return (${balanced(source, at + "body: ".length)});`)();
}

/** The body the curl sample sends: its `--data '...'` JSON. */
function curlBody(source: string): unknown {
  const match = /--data '((?:[^']|'\\'')*)'/.exec(source);
  return match ? JSON.parse(match[1]!.replace(/'\\''/g, "'")) : undefined;
}

/** A copy of the generated spec, with `edit` applied, through the sample generator. */
function regenerated(edit: (spec: Spec) => void): Spec {
  const spec = JSON.parse(readFileSync(join(root, "generated", "openapi.json"), "utf8")) as Spec;
  edit(spec);
  mkdirSync(work, { recursive: true });
  const file = join(work, "spec.json");
  writeFileSync(file, JSON.stringify(spec));
  execFileSync(process.execPath, [join(root, "scripts", "code-samples.mjs"), file], { stdio: "ignore" });
  return JSON.parse(readFileSync(file, "utf8")) as Spec;
}

const sameBody = ({ typescript, curl }: Samples) => JSON.stringify(typescriptBody(typescript)) === JSON.stringify(curlBody(curl));

test("every JSON body of the generated samples is the same in the TypeScript and the curl sample", () => {
  const spec = JSON.parse(readFileSync(join(root, "generated", "openapi.json"), "utf8")) as Spec;
  const withBody = samplesOf(spec).filter((samples) => samples.curl.includes("--data '"));
  expect(withBody.length).toBeGreaterThan(50);
  expect(withBody.filter((samples) => !sameBody(samples)).map((samples) => samples.operationId)).toEqual([]);
});

test("an example with __proto__ keys gives a TypeScript sample that sends them as keys, as curl does, inline or one entry a line", () => {
  // metadata is too long for one line, so its keys are printed one a line; `inner` fits on one.
  const metadata = JSON.parse(`{"__proto__": {"admin": true}, "inner": {"__proto__": {"a": 1}}, "note": "${"x".repeat(120)}"}`);
  const spec = regenerated((document) => {
    const create = document.paths["/users"]!.post as unknown as {
      requestBody: { content: { "application/json": { examples: Record<string, { value: Record<string, unknown> }> } } };
    };
    const first = Object.values(create.requestBody.content["application/json"].examples)[0]!;
    first.value = { ...first.value, metadata };
  });
  const samples = samplesOf(spec).find((candidate) => candidate.operationId === "create-user")!;
  expect(samples.typescript).toContain('  ["__proto__"]: { admin: true },');
  expect(samples.typescript).toContain('inner: { ["__proto__"]: { a: 1 } },');
  const body = typescriptBody(samples.typescript) as { metadata: { inner: object } };
  expect(Object.keys(body.metadata)).toEqual(["__proto__", "inner", "note"]);
  expect(Object.keys(body.metadata.inner)).toEqual(["__proto__"]);
  expect(Object.getPrototypeOf(body.metadata)).toBe(Object.prototype);
  expect(sameBody(samples)).toBe(true);
});
