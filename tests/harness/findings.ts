// A finding is one way a response departs from the spec, located by operation and JSON path.
export interface Finding {
  operationId: string;
  method: string;
  path: string;
  status: number;
  check: "status" | "content-type" | "schema" | "prism";
  /** JSONPath into the body (`$.data[0].uid`), or `$` for the response as a whole. */
  at: string;
  message: string;
}

/** One block per operation, one line per finding: readable in a terminal and in CI logs. */
export function formatFindings(findings: readonly Finding[], title: string): string {
  if (findings.length === 0) return `${title}: no deviation from the spec.`;
  const byOperation = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = `${finding.operationId} (${finding.method} ${finding.path}) -> ${finding.status}`;
    byOperation.set(key, [...(byOperation.get(key) ?? []), finding]);
  }
  const lines = [`${title}: ${findings.length} deviation(s) in ${byOperation.size} operation(s)`];
  for (const [operation, list] of byOperation) {
    lines.push(`  ${operation}`);
    const width = Math.max(...list.map((f) => f.at.length));
    for (const f of list) lines.push(`    ${f.at.padEnd(width)}  [${f.check}] ${f.message}`);
  }
  return lines.join("\n");
}
