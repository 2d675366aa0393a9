// Writes generated/schema.d.ts with openapi-typescript, as its CLI would from redocly.yaml, plus one
// transform the CLI cannot take: `format: binary` is a Blob (a File is one), which is what a
// multipart body (see formDataBody) sends as a file part, where the default would type a string.
// And an open list of names (`anyOf` of a string enum and a plain string, as WebhookTriggerName)
// becomes the known names `| UnlistedName`, a branded string: `"a" | string` would collapse to
// `string` and lose them, and `| (string & {})` would let a misspelt name through. A name the list
// does not hold yet is passed through a helper that brands it (`unlistedTrigger`), so it is explicit.
import { writeFileSync } from "node:fs";
import { createConfig, loadConfig } from "@redocly/openapi-core";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import ts from "typescript";

const [input, output, flag] = process.argv.slice(2);
// openapi-typescript lints the spec before it bundles it; after a lint of its own (`--skip-lint`, for
// scripts/check-generated.sh), a configuration without rules leaves it to bundle alone.
const redocly = flag === "--skip-lint" ? await createConfig({ extends: [], rules: {} }) : await loadConfig({ configPath: "redocly.yaml" });
const blob = ts.factory.createTypeReferenceNode("Blob");
const orNull = (node) => ts.factory.createUnionTypeNode([node, ts.factory.createLiteralTypeNode(ts.factory.createNull())]);
const unlistedName = ts.factory.createParenthesizedType(
  ts.factory.createIntersectionTypeNode([
    ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
    ts.factory.createTypeLiteralNode([
      ts.factory.createPropertySignature(
        [ts.factory.createModifier(ts.SyntaxKind.ReadonlyKeyword)],
        "unlistedName",
        undefined,
        ts.factory.createLiteralTypeNode(ts.factory.createTrue()),
      ),
    ]),
  ]),
);
function openNames(schema) {
  const [known, other, ...rest] = schema.anyOf ?? [];
  const plainString = (s) => s?.type === "string" && !s.enum && !s.format && !s.pattern;
  if (rest.length || known?.type !== "string" || !known.enum || !plainString(other)) return undefined;
  const names = known.enum.map((name) => ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(name)));
  return ts.factory.createUnionTypeNode([...names, unlistedName]);
}
const ast = await openapiTS(new URL(input, `file://${process.cwd()}/`), {
  redocly,
  // Defaults describe what the service assumes when a field is omitted, so they must not make request fields required.
  defaultNonNullable: false,
  transform: (schema) => {
    if (schema.format === "binary") return schema.nullable ? orNull(blob) : blob;
    return openNames(schema);
  },
});
writeFileSync(output, `${COMMENT_HEADER}${astToString(ast)}`);
