// No ".js" in imports under src/testing: see start-mock-server.ts.

/**
 * The URL a client should use to reach a server that printed `printed` as its address
 * (`http://HOST:PORT`, where Prism leaves an IPv6 host unbracketed): an IPv6 host gets its
 * brackets, and a wildcard address, which no client can connect to, becomes loopback, the
 * only plain-http host a client accepts.
 */
export function clientUrl(printed: string): string {
  const match = /^(https?):\/\/(.+):(\d+)\/*$/.exec(printed);
  if (!match) return printed.replace(/\/+$/, "");
  const [, scheme, rawHost, port] = match;
  let host = rawHost!.replace(/^\[(.*)\]$/, "$1");
  if (host === "0.0.0.0") host = "127.0.0.1";
  else if (host === "::") host = "::1";
  return `${scheme}://${host.includes(":") ? `[${host}]` : host}:${port}`;
}
