// Replays the table's valid request of every operation against any target (the real service
// or a local upstream, behind Prism's proxy) and collects every deviation from the spec.
import { checkExchange } from "./check-exchange";
import type { Finding } from "./findings";
import type { ResponseValidator } from "./response-validator";
import { sendViaSdk, type Credentials, type Targets } from "./send-via-sdk";
import { operationsOf, type OpenApiDocument, type SpecOperation } from "./spec";
import { validRequest, type RequestInit } from "./valid-requests";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A write changes data on the service; live mode never sends one unless asked to. */
export const isWrite = (op: Pick<SpecOperation, "method">) => !READ_METHODS.has(op.method);

export interface RunOptions {
  spec: OpenApiDocument;
  validator: ResponseValidator;
  targets: Targets;
  credentials: Credentials;
  /** Send POST/PUT/PATCH/DELETE too. Off by default: a write to a real app is never implicit. */
  allowWrites: boolean;
  /** Operations to leave out, with the reason (e.g. missing management credentials). */
  exclude?: Record<string, string>;
  /** Adjusts a request before it is sent, e.g. to use ids that exist on the real app. */
  adjust?: (operationId: string, request: RequestInit) => RequestInit;
  /** Requests in flight at once. One by default: a real app's rate limits count them. */
  concurrency?: number;
}

export interface RunResult {
  findings: Finding[];
  ran: string[];
  skipped: { operationId: string; reason: string }[];
}

export async function runContractCases(options: RunOptions): Promise<RunResult> {
  const result: RunResult = { findings: [], ran: [], skipped: [] };
  const toSend: SpecOperation[] = [];
  for (const op of operationsOf(options.spec)) {
    const excluded = options.exclude?.[op.operationId];
    if (excluded) result.skipped.push({ operationId: op.operationId, reason: excluded });
    else if (isWrite(op) && !options.allowWrites) {
      result.skipped.push({ operationId: op.operationId, reason: `${op.method} is a write: set CHAT_LIVE_WRITES=1 to send it` });
    } else toSend.push(op);
  }
  // Findings keep the spec's order of operations, however the answers arrive.
  const findings: Finding[][] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < toSend.length; i = next++) {
      const op = toSend[i]!;
      const request = options.adjust ? options.adjust(op.operationId, validRequest(op.operationId)) : validRequest(op.operationId);
      const exchange = await sendViaSdk(options.targets, op.operationId, request, {}, options.credentials);
      findings[i] = checkExchange(op, exchange, options.validator);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  result.ran.push(...toSend.map((op) => op.operationId));
  result.findings.push(...findings.flat());
  return result;
}
