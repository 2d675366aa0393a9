// The operations of a bundled spec grouped by tag, in the spec's tag order, for the
// table of operations (docs/operations.md) and the docs. A tag that no operation uses is left out.
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** How an operation uses the onBehalfOf header: `required`, `optional` or `none`. */
function onBehalfOf(spec, parameters) {
  const resolve = (node) =>
    node?.$ref
      ? node.$ref
          .slice(2)
          .split("/")
          .reduce((at, key) => at[key.replace(/~1/g, "/").replace(/~0/g, "~")], spec)
      : node;
  const header = parameters.map(resolve).find((p) => p.in === "header" && p.name.toLowerCase() === "onbehalfof");
  return header ? (header.required ? "required" : "optional") : "none";
}

/** `[{ tag, description, operations: [{ method, path, operationId, summary, onBehalfOf }] }]` */
export function operationsByTag(spec) {
  const byTag = new Map((spec.tags ?? []).map((tag) => [tag.name, { tag: tag.name, description: tag.description, operations: [] }]));
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const entry = {
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        summary: op.summary ?? "",
        onBehalfOf: onBehalfOf(spec, [...(item.parameters ?? []), ...(op.parameters ?? [])]),
      };
      for (const tag of op.tags ?? ["(untagged)"]) {
        if (!byTag.has(tag)) byTag.set(tag, { tag, description: undefined, operations: [] });
        byTag.get(tag).operations.push(entry);
      }
    }
  }
  return [...byTag.values()].filter((group) => group.operations.length > 0);
}
