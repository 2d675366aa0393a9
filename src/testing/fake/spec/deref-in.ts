// No ".js" in imports under src/testing: see ../../start-mock-server.ts.

/**
 * Follows a `#/components/...` reference of `document` (a parameter, a response, an example) to
 * its node, through chains of references (at most 20 hops); a node that is no reference is itself.
 */
export function derefIn(document: object): <T>(node: unknown) => T {
  return <T>(node: unknown): T => {
    let at = node as Record<string, unknown> | undefined;
    for (let hops = 0; at && typeof at.$ref === "string" && hops < 20; hops++)
      at = (at.$ref as string)
        .slice(2)
        .split("/")
        .reduce<unknown>((parent, key) => (parent as Record<string, unknown> | undefined)?.[key], document) as
        | Record<string, unknown>
        | undefined;
    return at as T;
  };
}
