// A timeout in a test catches a hang, not a busy machine: Jest's one global limit (jest.config.ts)
// is the shortest a test may have, so a healthy test that runs slowly beside other work still passes.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import config from "../../../jest.config";

const root = join(__dirname, "..", "..", "..");
const HOOKS = new Set(["test", "it", "beforeAll", "beforeEach", "afterAll", "afterEach"]);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return /\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The name a call is made through: `test`, `test.each(...)` and `test.concurrent` all give `test`. */
function calleeRoot(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return calleeRoot(node.expression);
  if (ts.isCallExpression(node)) return calleeRoot(node.expression);
  return undefined;
}

/** Every timeout below `limit` that `source` sets: `jest.setTimeout(n)`, or `n` as the last argument of a test or hook. */
function shortTimeouts(file: string, source: string, limit: number): string[] {
  const found: string[] = [];
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const last = node.arguments[node.arguments.length - 1];
      const root = calleeRoot(node.expression);
      const isSetTimeout = node.expression.getText(sourceFile) === "jest.setTimeout";
      const isHook = root !== undefined && HOOKS.has(root) && node.arguments.length >= 2;
      if ((isSetTimeout || isHook) && last && ts.isNumericLiteral(last) && Number(last.text) < limit) {
        const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
        found.push(`${file}:${line + 1} ${last.getText(sourceFile)} ms`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

test("no test, hook or file sets a timeout shorter than Jest's global one", () => {
  const limit = config.testTimeout ?? 5_000;
  expect(limit).toBeGreaterThanOrEqual(120_000);
  const short = testFiles(join(root, "tests")).flatMap((file) => shortTimeouts(relative(root, file), readFileSync(file, "utf8"), limit));
  expect(short).toEqual([]);
});

test("the check finds a short timeout on a file, a test, a table test and a hook", () => {
  const source = [
    "jest.setTimeout(30_000);",
    'test("a", async () => {}, 20_000);',
    'test.each([1])("b %i", async () => {}, 10_000);',
    "beforeAll(async () => {}, 60_000);",
    'test("c", async () => { setTimeout(() => {}, 1_000); }, 180_000);',
  ].join("\n");
  expect(shortTimeouts("x.test.ts", source, 120_000)).toEqual([
    "x.test.ts:1 30_000 ms",
    "x.test.ts:2 20_000 ms",
    "x.test.ts:3 10_000 ms",
    "x.test.ts:4 60_000 ms",
  ]);
});
