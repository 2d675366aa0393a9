// The TypeScript a user reads in the docs, as files to compile and run against the packed package:
// every ```ts block of README.md, and every @example on a function, class or method that an entry
// point of the package exports, read from the declaration files the package ships (what an editor
// shows). An option's @example is a value, not code, and is left out.
//
// A snippet is a module, compiled under `module: nodenext` as ES module, so top-level await needs
// no wrapper. One that imports nothing (a JSDoc fragment) gets the imports of the package's names
// it uses, and may rely on a client made elsewhere: `chat` (a ChatClient) and `fake` (a FakeServer)
// are declared for it, unless it declares them itself. A snippet that imports chat-rest-sdk/testing
// starts its own mock, fake or server, so it is a whole program: `npm run test:runtimes` also runs it, to exit 0.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

export interface Snippet {
  /** File name in the snippets folder, e.g. `readme-436.ts` or `example-testing-startFakeServer.ts`. */
  file: string;
  /** Where a reader finds it: `README.md line 436`, or `chat-rest-sdk/testing startFakeServer`. */
  source: string;
  /** Whether it is a whole program, which runs as well as compiles. */
  program: boolean;
  /** The file's text. */
  text: string;
}

export interface EntryPoint {
  /** What users import, e.g. `chat-rest-sdk/testing`. */
  specifier: string;
  /** The ES-module declaration file the package ships for it, relative to the package root. */
  types: string;
}

/** The entry points of a package: every subpath of `exports` with ES-module declarations. */
export function entryPoints(packageDir: string): EntryPoint[] {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    name: string;
    exports: Record<string, { import?: { types?: string } } | string>;
  };
  return Object.entries(manifest.exports).flatMap(([subpath, target]) => {
    const types = typeof target === "object" ? target.import?.types : undefined;
    return types ? [{ specifier: `${manifest.name}${subpath.slice(1)}`, types }] : [];
  });
}

/** The code of each @example of a JSDoc'd node: the fenced block inside it, or the whole text. */
function examplesOf(node: ts.Node): string[] {
  return ts
    .getJSDocTags(node)
    .filter((tag) => tag.tagName.text === "example")
    .map((tag) => {
      const text = (ts.getTextOfJSDocComment(tag.comment) ?? "").replaceAll("*\\/", "*/");
      const fenced = /```\w*\n([\s\S]*?)```/.exec(text);
      return (fenced ? fenced[1]! : text).trim();
    })
    .filter((code) => code !== "");
}

const exported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isPrivate = (member: ts.ClassElement) =>
  (ts.canHaveModifiers(member) && (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.PrivateKeyword)) ||
  (member.name !== undefined && ts.isPrivateIdentifier(member.name));
const nameOf = (node: { name?: ts.PropertyName | ts.BindingName }) => (node.name && "text" in node.name ? node.name.text : "");

export interface DeclaredExamples {
  /** Every name the entry point exports. */
  names: string[];
  /** `[owner, code]`: each function's, class's and method's @example, owner being e.g. `FakeServer.failNext`. */
  examples: [string, string][];
  /** Every exported function, class and method, whether it has an @example or not. */
  documentable: { owner: string; hasExample: boolean }[];
}

/** What one declaration file exports, and the @examples of its functions, classes and methods. */
export function declaredExamples(declarationFile: string): DeclaredExamples {
  const source = ts.createSourceFile(declarationFile, readFileSync(declarationFile, "utf8"), ts.ScriptTarget.Latest, true);
  const result: DeclaredExamples = { names: [], examples: [], documentable: [] };
  const add = (owner: string, nodes: ts.Node[]) => {
    const codes = [...new Set(nodes.flatMap(examplesOf))];
    for (const code of codes) result.examples.push([owner, code]);
    const seen = result.documentable.find((d) => d.owner === owner);
    if (seen) seen.hasExample ||= codes.length > 0;
    else result.documentable.push({ owner, hasExample: codes.length > 0 });
  };
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      result.names.push(...statement.exportClause.elements.map((element) => element.name.text));
      continue;
    }
    if (!exported(statement)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) result.names.push(nameOf(declaration));
      // A constant such as webhookEvents is documented on its statement; its example is code too.
      for (const code of examplesOf(statement)) result.examples.push([nameOf(statement.declarationList.declarations[0]!), code]);
      continue;
    }
    const name = nameOf(statement as { name?: ts.PropertyName });
    if (!name) continue;
    result.names.push(name);
    if (ts.isFunctionDeclaration(statement)) add(name, [statement]);
    if (ts.isClassDeclaration(statement)) {
      add(name, [statement]);
      for (const member of statement.members) {
        if (isPrivate(member)) continue;
        if (ts.isMethodDeclaration(member)) add(`${name}.${nameOf(member)}`, [member]);
        if (ts.isConstructorDeclaration(member) && examplesOf(member).length) add(`new ${name}`, [member]);
      }
    }
    if (ts.isInterfaceDeclaration(statement)) {
      for (const member of statement.members) if (ts.isMethodSignature(member)) add(`${name}.${nameOf(member)}`, [member]);
    }
  }
  result.names = [...new Set(result.names)];
  return result;
}

const SELF_CONTAINED = /^import\s/m;
const PROGRAM = /from\s+["']chat-rest-sdk\/testing["']/;
const declares = (code: string, name: string) => new RegExp(`\\b(?:const|let|var|function|class)\\s+${name}\\b`).test(code);
/** The clients a fragment may use without making them: name, type, and the entry point of the type. */
const PRELUDE = [
  ["chat", "ChatClient", "chat-rest-sdk"],
  ["calls", "CallsClient", "chat-rest-sdk"],
  ["fake", "FakeServer", "chat-rest-sdk/testing"],
] as const;
/**
 * Whether `code` uses the variable `name` (as `chat.GET`, `paginate(chat, ...)`, `...serviceRateLimits()`),
 * not a word in a path or a string, nor a property (`x.name`).
 */
const uses = (code: string, name: string) => new RegExp(`(?<![\\w/"'-])(?:(?<=\\.\\.\\.)|(?<!\\.))${name}(?![\\w/"'-])`).test(code);

/** A snippet's file text: as it stands when it imports what it uses, or with the imports and clients it relies on. */
export function snippetText(code: string, exportsByEntry: Map<string, string[]>): string {
  if (SELF_CONTAINED.test(code)) return `${code}\nexport {};\n`;
  const lines: string[] = [];
  const taken = new Set<string>();
  for (const [specifier, names] of exportsByEntry) {
    const used = names.filter((name) => !taken.has(name) && !declares(code, name) && uses(code, name));
    for (const name of used) taken.add(name);
    if (used.length) lines.push(`import { ${used.join(", ")} } from "${specifier}";`);
  }
  for (const [name, type, specifier] of PRELUDE) {
    if (!uses(code, name) || declares(code, name)) continue;
    lines.push(`import type { ${type} as Prelude${type} } from "${specifier}";`, `declare const ${name}: Prelude${type};`);
  }
  return `${lines.join("\n")}\n\n${code}\nexport {};\n`;
}

/** Every ```ts block of `markdown` with the line it starts on. */
export function typeScriptBlocks(markdown: string): { line: number; code: string }[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => ({
    line: markdown.slice(0, match.index).split("\n").length,
    code: match[1]!,
  }));
}

/** `<entry point> <name>` of every function and class an entry point exports without an @example. */
export function withoutExamples(packageDir: string): string[] {
  return entryPoints(packageDir).flatMap((entry) =>
    declaredExamples(join(packageDir, entry.types))
      .documentable.filter(({ owner, hasExample }) => !hasExample && !owner.includes("."))
      .map(({ owner }) => `${entry.specifier} ${owner}`),
  );
}

/** `[line, file]` of each README block that is a whole program. */
export function readmePrograms(readme: string): [number, string][] {
  return typeScriptBlocks(readme)
    .filter(({ code }) => PROGRAM.test(code))
    .map(({ line }) => [line, readmeFile(line)]);
}

const readmeFile = (line: number) => `readme-${String(line).padStart(3, "0")}.ts`;

/** The snippets of README.md and of the package installed at `packageDir`. */
export function docSnippets(readme: string, packageDir: string): Snippet[] {
  const entries = entryPoints(packageDir).map((entry) => ({ ...entry, declared: declaredExamples(join(packageDir, entry.types)) }));
  const exportsByEntry = new Map(entries.map((entry) => [entry.specifier, entry.declared.names]));
  const snippets: Snippet[] = typeScriptBlocks(readme).map(({ line, code }) => ({
    file: readmeFile(line),
    source: `README.md line ${line}`,
    program: PROGRAM.test(code),
    text: snippetText(code, exportsByEntry),
  }));
  for (const entry of entries) {
    const slug = entry.specifier.replace(/^chat-rest-sdk\/?/, "") || "index";
    for (const [i, [owner, code]] of entry.declared.examples.entries()) {
      snippets.push({
        file: `example-${slug}-${owner.replace(/\W+/g, "-")}-${i + 1}.ts`,
        source: `${entry.specifier} ${owner}`,
        program: false,
        text: snippetText(code, exportsByEntry),
      });
    }
  }
  return snippets;
}

/** The settings the snippets compile under: strict, as ES modules for Node, emitted to `out/` to run. */
export const SNIPPETS_TSCONFIG = {
  compilerOptions: {
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "ES2022",
    lib: ["ES2022", "DOM"],
    strict: true,
    noUncheckedIndexedAccess: true,
    // The package's declarations are checked with the program of tests/package/program; here the snippets are.
    skipLibCheck: true,
    types: ["node"],
    outDir: "out",
    rootDir: ".",
  },
  include: ["*.ts"],
};

/** Writes the snippets, a package.json that makes them ES modules, and the tsconfig.json, into `dir`. */
export function writeSnippets(dir: string, snippets: Snippet[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(SNIPPETS_TSCONFIG, null, 2));
  for (const snippet of snippets) writeFileSync(join(dir, snippet.file), snippet.text);
}

/** tsc's errors by snippet file, from its `--pretty false` output. */
export function errorsByFile(output: string): Map<string, string[]> {
  const errors = new Map<string, string[]>();
  for (const line of output.split("\n")) {
    const match = /^([\w.-]+\.ts)\(\d+,\d+\): error /.exec(line);
    if (match) errors.set(match[1]!, [...(errors.get(match[1]!) ?? []), line]);
  }
  return errors;
}
