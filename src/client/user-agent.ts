/** This package's version; a unit test keeps it equal to package.json. */
export const SDK_VERSION = "0.2.0";

/**
 * `chat-rest-sdk/<version> <runtime>/<version>`, or undefined in a browser, where the
 * browser owns the User-Agent header.
 */
export function defaultUserAgent(scope: Record<string, any> = globalThis): string | undefined {
  const versions = scope.process?.versions;
  const deno = scope.Deno?.version?.deno;
  const [runtime, version] = deno ? ["deno", deno] : versions?.bun ? ["bun", versions.bun] : ["node", versions?.node];
  return version ? `chat-rest-sdk/${SDK_VERSION} ${runtime}/${version}` : undefined;
}
