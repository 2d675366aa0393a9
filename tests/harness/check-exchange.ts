// The four checks every contract case makes, shared by mock, drift and live runs:
// documented status, documented content type, body valid against the schema (Ajv), and no
// violation reported by Prism in `sl-violations`.
import { fromSegments } from "./json-path";
import type { Finding } from "./findings";
import type { ResponseValidator } from "./response-validator";
import type { Exchange } from "./send-via-sdk";
import type { JsonObject, SpecOperation } from "./spec";

interface PrismViolation {
  location?: string[];
  severity?: string;
  code?: string | number;
  message?: string;
}

export function prismViolations(headers: Headers): PrismViolation[] {
  const header = headers.get("sl-violations");
  if (!header) return [];
  try {
    return JSON.parse(header) as PrismViolation[];
  } catch {
    return [{ message: header }];
  }
}

function documentedResponse(op: SpecOperation, status: number): JsonObject | undefined {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
}

export function checkExchange(op: SpecOperation, exchange: Exchange, validator: ResponseValidator): Finding[] {
  const findings: Finding[] = [];
  const add = (check: Finding["check"], at: string, message: string) =>
    findings.push({ operationId: op.operationId, method: op.method, path: op.path, status: exchange.status, check, at, message });

  for (const violation of prismViolations(exchange.headers)) {
    // Prism locations start with "request"/"response" and the part ("body", "header", ...).
    const [side = "response", part, ...rest] = violation.location ?? [];
    const where =
      side === "response" && (part === undefined || part === "body") ? fromSegments(rest) : [side, part, ...rest].filter(Boolean).join(".");
    add("prism", where, `${violation.severity ?? "Error"} in the ${side}: ${violation.message}`);
  }

  const response = documentedResponse(op, exchange.status);
  if (!response) {
    add("status", "$", `status ${exchange.status} is not documented (documented: ${Object.keys(op.responses).join(", ")})`);
    return findings;
  }
  const content = (response.content ?? {}) as JsonObject;
  const documentedTypes = Object.keys(content);
  if (documentedTypes.length === 0) {
    if (exchange.text !== "")
      add(
        "content-type",
        "$",
        `status ${exchange.status} documents no body, but one was sent (${exchange.mediaType || "no content type"})`,
      );
    return findings;
  }
  const media = content[exchange.mediaType] as JsonObject | undefined;
  if (!media) {
    // Prism answers problem+json when it cannot reach the upstream at all; say what it said.
    const problem =
      exchange.mediaType === "application/problem+json" ? (exchange.json as { title?: string } | undefined)?.title : undefined;
    add(
      "content-type",
      "$",
      `content type "${exchange.mediaType}" is not documented for ${exchange.status} (documented: ${documentedTypes.join(", ")})${problem ? `: ${problem}` : ""}`,
    );
    return findings;
  }
  if (media.schema && /[/+]json$/.test(exchange.mediaType)) {
    if (exchange.json === undefined) {
      add("schema", "$", `body is not valid JSON: ${JSON.stringify(exchange.text.slice(0, 60))}`);
    } else {
      for (const error of validator.validate(media.schema as JsonObject, exchange.json)) add("schema", error.path, error.message);
    }
  }
  return findings;
}
