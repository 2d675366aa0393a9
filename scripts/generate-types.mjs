// Writes generated/schema.d.ts with openapi-typescript, as its CLI would from redocly.yaml, plus one
// transform the CLI cannot take: `format: binary` is a Blob (a File is one), which is what a
// multipart body (see formDataBody) sends as a file part, where the default would type a string.
import { writeFileSync } from "node:fs";
import { loadConfig } from "@redocly/openapi-core";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import ts from "typescript";

const [input, output] = process.argv.slice(2);
const redocly = await loadConfig({ configPath: "redocly.yaml" });
const blob = ts.factory.createTypeReferenceNode("Blob");
const orNull = (node) => ts.factory.createUnionTypeNode([node, ts.factory.createLiteralTypeNode(ts.factory.createNull())]);
const ast = await openapiTS(new URL(input, `file://${process.cwd()}/`), {
  redocly,
  // Defaults describe what the service assumes when a field is omitted, so they must not make request fields required.
  defaultNonNullable: false,
  transform: (schema) => (schema.format === "binary" ? (schema.nullable ? orNull(blob) : blob) : undefined),
});
writeFileSync(output, `${COMMENT_HEADER}${astToString(ast)}`);
