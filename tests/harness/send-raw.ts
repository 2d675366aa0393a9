// Sends a request of the table with plain fetch, serialising it the way the spec says
// (style/explode), so that a request the SDK would refuse or fix still reaches the server.
import { loopbackFetch } from "./loopback-fetch";
import type { SpecOperation } from "./spec";
import type { RequestInit } from "./valid-requests";

export interface RawOptions {
  credentials: Record<string, string>;
  omitCredentials?: string[];
  /** Replace a path parameter's value, even with "", which the SDK refuses. */
  pathOverride?: Record<string, string>;
}

export function rawUrl(base: string, op: SpecOperation, request: RequestInit, pathOverride: Record<string, string> = {}): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(name in pathOverride ? pathOverride[name]! : String(request.params.path?.[name] ?? "")),
  );
  const query = new URLSearchParams();
  for (const param of op.parameters.filter((p) => p.in === "query")) {
    const value = request.params.query?.[param.name];
    if (value === undefined) continue;
    // Form style: arrays are comma-joined unless explode is true (the OpenAPI default for form).
    const explode = param.explode ?? (param.style ?? "form") === "form";
    if (Array.isArray(value) && explode) for (const item of value) query.append(param.name, String(item));
    else query.append(param.name, Array.isArray(value) ? value.join(",") : String(value));
  }
  const search = query.toString();
  return `${base}${path}${search ? `?${search}` : ""}`;
}

export async function sendRaw(base: string, op: SpecOperation, request: RequestInit, options: RawOptions): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(options.credentials)) if (!options.omitCredentials?.includes(name)) headers.set(name, value);
  for (const [name, value] of Object.entries(request.params.header ?? {})) if (value !== undefined) headers.set(name, String(value));
  const init: globalThis.RequestInit = { method: op.method, headers };
  if (request.body !== undefined && op.requestBody?.mediaType === "multipart/form-data") {
    // Every field as a text part (fetch sets the boundary): what a form can carry, right or wrong.
    const form = new FormData();
    for (const [name, value] of Object.entries(request.body as Record<string, unknown>)) form.append(name, String(value));
    init.body = form;
  } else if (request.body !== undefined) {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(request.body);
  }
  return loopbackFetch(rawUrl(base, op, request, options.pathOverride), init);
}
