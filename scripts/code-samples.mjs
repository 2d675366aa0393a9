// `node scripts/code-samples.mjs <bundled spec.json>`: writes into the bundle, on every operation,
// `x-codeSamples` (which Redoc shows beside the operation): a TypeScript program that makes the
// call with this SDK (label `chat-rest-sdk`) and the same request with curl. Both are derived from
// the spec and one template per kind of operation, so a new operation gets its samples from
// `npm run generate`; tests/contract/code-samples.test.ts compiles them and runs them on the mock.
import { readFileSync, writeFileSync } from "node:fs";
import { curlSample } from "./curl-sample.mjs";
import { sampleOperations } from "./sample-operations.mjs";
import { typescriptSample } from "./typescript-sample.mjs";

/**
 * Sets `x-codeSamples` on every operation of `spec`, replacing any it had.
 * @param {Record<string, any>} spec a bundled document (local `$ref`s only)
 * @returns {number} how many operations got samples
 */
function addCodeSamples(spec) {
  const operations = sampleOperations(spec);
  for (const op of operations) {
    op.target["x-codeSamples"] = [
      { lang: "TypeScript", label: "chat-rest-sdk", source: typescriptSample(op) },
      { lang: "Shell", label: "curl", source: curlSample(op) },
    ];
  }
  return operations.length;
}

const [specFile] = process.argv.slice(2);
if (!specFile) {
  console.error("usage: node scripts/code-samples.mjs <bundled spec.json>");
  process.exit(1);
}
const spec = JSON.parse(readFileSync(specFile, "utf8"));
const count = addCodeSamples(spec);
// As `redocly bundle` writes JSON, so the file differs from the bundle only by the samples.
writeFileSync(specFile, JSON.stringify(spec, null, 2));
console.log(`${specFile}: a TypeScript and a curl sample on each of ${count} operations.`);
