// The bundled spec (generated/openapi.json) as plain data, with $refs resolved on demand.
// Everything the harness checks is derived from here, never from a hand-kept list.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export interface OpenApiDocument extends JsonObject {
  paths: JsonObject;
  components: JsonObject;
}

export const SPEC_FILE = join(__dirname, "..", "..", "generated", "openapi.json");

export function loadSpec(file = SPEC_FILE): OpenApiDocument {
  return JSON.parse(readFileSync(file, "utf8")) as OpenApiDocument;
}

/** The request bodies the harness sends, in order of preference when an operation documents several. */
export const BODY_MEDIA_TYPES = ["application/json", "multipart/form-data"] as const;
export type BodyMediaType = (typeof BODY_MEDIA_TYPES)[number];

const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

/** Follows a local `#/...` reference (and any chain of them) to the node it names. */
export function resolve<T = JsonObject>(spec: JsonObject, node: unknown): T {
  let at = node as JsonObject;
  for (let hops = 0; at && typeof at.$ref === "string"; hops++) {
    if (hops > 20) throw new Error(`$ref cycle at ${at.$ref}`);
    const ref = at.$ref as string;
    if (!ref.startsWith("#/")) throw new Error(`only local $refs are supported, got ${ref}`);
    at = ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce<Json>((parent, key) => {
        const child = (parent as JsonObject)?.[key];
        if (child === undefined) throw new Error(`unresolvable $ref ${ref}`);
        return child;
      }, spec) as JsonObject;
  }
  return at as T;
}

export interface SpecParameter {
  name: string;
  in: "query" | "header" | "path" | "cookie";
  required: boolean;
  schema: JsonObject;
  example?: Json;
  style?: string;
  explode?: boolean;
}

export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  /** The operation's first tag: it names the files that hold its valid request and type test. */
  tag: string;
  parameters: SpecParameter[];
  /**
   * The request body schema (refs unresolved), its named examples (resolved) and its media type, if the operation
   * takes a body: JSON, or else multipart/form-data (sent with the SDK's formDataBody).
   */
  requestBody?: { required: boolean; schema: JsonObject; examples: Record<string, Json>; mediaType: BodyMediaType };
  /** Documented responses by status, refs resolved to the Response objects. */
  responses: Record<string, JsonObject>;
  /** Header names of the credentials, per alternative security requirement. */
  credentialHeaders: string[][];
}

function credentialHeaders(spec: OpenApiDocument, security: Json | undefined): string[][] {
  const schemes = (spec.components.securitySchemes ?? {}) as JsonObject;
  const requirements = (security ?? spec.security ?? []) as JsonObject[];
  return requirements.map((requirement) =>
    Object.keys(requirement).map((scheme) => {
      const definition = schemes[scheme] as JsonObject;
      if (definition?.type !== "apiKey" || definition.in !== "header") throw new Error(`unsupported security scheme ${scheme}`);
      return definition.name as string;
    }),
  );
}

function examplesOf(spec: OpenApiDocument, media: JsonObject): Record<string, Json> {
  const named = Object.entries((media.examples ?? {}) as JsonObject).map(([name, example]) => [name, resolve(spec, example).value as Json]);
  return Object.fromEntries(named);
}

/** The file-name form of a tag: `Auth Tokens` -> `auth-tokens`. */
export const tagSlug = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");

export function operationsOf(spec: OpenApiDocument): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [path, itemNode] of Object.entries(spec.paths)) {
    const item = resolve(spec, itemNode);
    for (const method of HTTP_METHODS) {
      const op = item[method] as JsonObject | undefined;
      if (!op) continue;
      const parameters = [...((item.parameters ?? []) as Json[]), ...((op.parameters ?? []) as Json[])].map((p) => {
        const param = resolve(spec, p);
        return { ...param, required: param.required === true } as unknown as SpecParameter;
      });
      const body = op.requestBody ? resolve(spec, op.requestBody) : undefined;
      const content = (body?.content ?? {}) as JsonObject;
      const mediaType = BODY_MEDIA_TYPES.find((type) => content[type] !== undefined);
      const bodySchema = mediaType ? (content[mediaType] as JsonObject) : undefined;
      const responses: Record<string, JsonObject> = {};
      for (const [status, response] of Object.entries((op.responses ?? {}) as JsonObject)) responses[status] = resolve(spec, response);
      operations.push({
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path,
        tag: ((op.tags ?? []) as string[])[0] ?? "untagged",
        parameters,
        ...(bodySchema
          ? {
              requestBody: {
                required: body!.required === true,
                schema: bodySchema.schema as JsonObject,
                examples: examplesOf(spec, bodySchema),
                mediaType: mediaType!,
              },
            }
          : {}),
        responses,
        credentialHeaders: credentialHeaders(spec, op.security),
      });
    }
  }
  return operations;
}

export function operationById(spec: OpenApiDocument, operationId: string): SpecOperation {
  const op = operationsOf(spec).find((candidate) => candidate.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in the spec`);
  return op;
}

/** The status an invalid request must get: the documented 422 or 400, else Prism's own 422. */
export function validationStatus(op: SpecOperation): number {
  if (op.responses["422"]) return 422;
  if (op.responses["400"]) return 400;
  return 422;
}
