/** This package's version; a unit test keeps it equal to package.json. */
export const SDK_VERSION = "0.1.0";

/**
 * `chat-rest-sdk/<version> <runtime>/<version>`, or undefined in a browser, where the
 * browser owns the User-Agent header.
 */
export function defaultUserAgent(scope: Record<string, any> = globalThis): string | undefined {
  const sdk = `chat-rest-sdk/${SDK_VERSION}`;
  if (scope.Deno?.version?.deno) return `${sdk} deno/${scope.Deno.version.deno}`;
  const versions = scope.process?.versions;
  if (versions?.bun) return `${sdk} bun/${versions.bun}`;
  if (versions?.node) return `${sdk} node/${versions.node}`;
  return undefined;
}
