// Fails when a module on the request path imports one in a layer above it, or when src/ modules
// import each other in a loop. The layers are listed in the order a call walks them, from the
// client's entry down to the errors every layer may throw; a module may import its own layer and
// any layer below. A `type` import counts as well: it is a dependency, though erased at run time.
// A loop counts only imports that run (an `import type` or an `export type` cannot make one).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");

/** The request path's layers, top first: folders (and files) under src/. */
export const LAYERS = [
  ["client", ["src/client/"]],
  ["diagnostics", ["src/diagnostics/"]],
  ["transport", ["src/transport/"]],
  ["rate-limits", ["src/rate-limits/"]],
  ["safety", ["src/safety/"]],
  ["errors", ["src/errors/"]],
];

function layerOf(file) {
  const at = LAYERS.findIndex(([, prefixes]) => prefixes.some((prefix) => file.startsWith(prefix)));
  return at === -1 ? undefined : at;
}

function sourceFiles(dir) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** A relative specifier as the file it names, under the repository's root: `./x.js` is `x.ts`. */
function target(from, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  return relative(ROOT, resolve(ROOT, dirname(from), specifier)).replace(/\.js$/, ".ts");
}

/** Every import and re-export of a file, static or `import()`, with whether it is for types only. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const found = [];
  const add = (node, specifier, typeOnly) => {
    const to = target(file, specifier);
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (to) found.push({ to, line, typeOnly });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      add(node, node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (!!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly));
      add(node, node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node, node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles("src");
const graph = new Map(files.map((file) => [file, importsOf(file)]));

// Imports that point up the request path.
const upward = [];
for (const [file, imports] of graph) {
  const from = layerOf(file);
  if (from === undefined) continue;
  for (const { to, line, typeOnly } of imports) {
    const into = layerOf(to);
    if (into !== undefined && into < from)
      upward.push(`${file}:${line} (${LAYERS[from][0]}) imports${typeOnly ? " types from" : ""} ${to} (${LAYERS[into][0]}, above it)`);
  }
}

// Loops among src/ modules, over the imports that run: each found once, from its first module in sorted order.
const loops = [];
const runs = (file) => (graph.get(file) ?? []).filter((edge) => !edge.typeOnly && graph.has(edge.to)).map((edge) => edge.to);
const done = new Set();
for (const start of [...files].sort()) {
  // Depth-first from `start`, only through modules after it in sorted order, so each loop is reported once.
  const stack = [[start, runs(start)]];
  const onPath = [start];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const next = top[1].shift();
    if (next === undefined) {
      stack.pop();
      onPath.pop();
      continue;
    }
    if (next === start) loops.push([...onPath, start].join(" -> "));
    else if (next > start && !onPath.includes(next) && !done.has(`${start}|${next}`)) {
      done.add(`${start}|${next}`);
      stack.push([next, runs(next)]);
      onPath.push(next);
    }
  }
}

if (upward.length || loops.length) {
  if (upward.length)
    console.error(
      `Imports up the request path (${LAYERS.map(([name]) => name).join(" -> ")}): move the imported module down, or pass it in:\n${upward.join("\n")}`,
    );
  if (loops.length) console.error(`Import loops among src/ modules:\n${loops.join("\n")}`);
  process.exit(1);
}
console.log(
  `Request path: no import up its layers (${LAYERS.map(([name]) => name).join(" -> ")}) and no import loop in ${files.length} files.`,
);
