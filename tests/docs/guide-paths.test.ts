// The contributor's guide points at files: each path it names must exist, so that a file moved or
// renamed fails here instead of sending the next contributor looking.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REFERENCE_FILES } from "../harness/reference";

const root = join(__dirname, "..", "..");
const SKIPPED = new Set(["node_modules", "dist", ".tmp", ".git", ".out"]);

/** Every file and folder of the repository, by its path from the root. */
function repositoryPaths(dir = root, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = `${prefix}${entry.name}`;
    return entry.isDirectory() ? [path, ...repositoryPaths(join(dir, entry.name), `${path}/`)] : [path];
  });
}

/**
 * The paths a guide names in backticks: anything with a slash or a file extension, except
 * placeholders (`<tag>`, `*`, `…`), URLs and anchors, package names (`chat-rest-sdk/testing`), and
 * what a build or a run writes (`dist/`, `.tmp/`) or lies outside the repository (`../`, the
 * vendor's files that the fidelity tests read).
 */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!.trim());
  return [
    ...new Set(
      spans.filter(
        (span) =>
          /^[\w.{}-]+(\/[\w.{}-]*)*\/?$/.test(span) &&
          (span.includes("/") || /\.(ts|mjs|js|json|sh|yaml|md)$/.test(span)) &&
          !/^(chat-rest-sdk|dist\/|\.tmp|\.\.\/|https?:|node:)/.test(span) &&
          !(REFERENCE_FILES as readonly string[]).includes(span),
      ),
    ),
  ];
}

describe("CONTRIBUTING.md", () => {
  test("names only paths that exist: from the root, or the end of one (a file in the folder its table names)", () => {
    const paths = repositoryPaths();
    const exists = (named: string) => {
      const path = named.replace(/\/$/, "");
      return paths.some((candidate) => candidate === path || candidate.endsWith(`/${path}`));
    };
    const named = namedPaths(readFileSync(join(root, "CONTRIBUTING.md"), "utf8"));
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((path) => !exists(path))).toEqual([]);
  });
});

test("a moved file is caught: the guide's old path for the coverage test would fail", () => {
  const named = namedPaths("See `tests/contract/harness/coverage.test.ts`, `retry-policy.ts` and `examples/<name>.ts`.");
  expect(named).toEqual(["tests/contract/harness/coverage.test.ts", "retry-policy.ts"]);
  const paths = repositoryPaths();
  expect(paths).not.toContain("tests/contract/harness/coverage.test.ts");
  expect(paths).toContain("tests/unit/harness/coverage.test.ts");
});
