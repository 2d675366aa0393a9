// Renders locations as readable JSONPath (`$.data[0].uid`), whichever tool reported them.

/** From a JSON Pointer (`/data/0/uid`, as Ajv reports). */
export function toJsonPath(pointer: string): string {
  const segments =
    pointer === ""
      ? []
      : pointer
          .slice(1)
          .split("/")
          .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  return fromSegments(segments);
}

/** From path segments (`["data", "0", "uid"]`, as Prism's `sl-violations` locations hold them). */
export function fromSegments(segments: readonly string[]): string {
  return (
    "$" +
    segments
      .map((segment) =>
        /^\d+$/.test(segment) ? `[${segment}]` : /^[A-Za-z_$][\w$]*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`,
      )
      .join("")
  );
}
