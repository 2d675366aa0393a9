// Sends one request of the table through the SDK, exactly as a user would, and keeps the raw
// response so the harness judges what was on the wire, not what the SDK made of it.
import {
  createCallsClient,
  createChatClient,
  createManagementClient,
  formDataBody,
  type ChatClientOptions,
  type ManagementClientOptions,
} from "../../src/index";
import { operations as manifest } from "../../generated/manifest";
import { harnessLogger } from "./harness-logger";
import { loopbackFetch } from "./loopback-fetch";
import { loadSpec, operationsOf, type SpecOperation } from "./spec";
import type { RequestInit } from "./valid-requests";

export interface Targets {
  /** Base URL of the Chat API (a mock, a proxy or the real host). */
  chat: string;
  /** Base URL of the Calls API. */
  calls: string;
  /** Base URL of the Management API. */
  management: string;
}

export interface Exchange {
  operationId: string;
  method: string;
  path: string;
  status: number;
  /** The media type without parameters, e.g. `application/json`; "" when none was sent. */
  mediaType: string;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json?: unknown;
  /** What the SDK returned (or threw): the contract tests assert it too. */
  sdk: { data?: unknown; error?: unknown; thrown?: unknown };
}

export interface Credentials {
  apiKey: string;
  key: string;
  secret: string;
}

const TEST_CREDENTIALS: Credentials = { apiKey: "contract-key", key: "contract-key", secret: "contract-secret" };

// The contract cases elicit 429 and 500 on purpose: the SDK must hand them back, not wait and retry.
// The harness's logger keeps the deprecated operations' expected warnings out of the output.
const NO_RETRIES = { maxRetries: 0, logger: harnessLogger } as object;

function capturingFetch() {
  let raw: Response | undefined;
  const fetch = async (input: Request | string | URL, init?: globalThis.RequestInit) => {
    const response = await loopbackFetch(input, init);
    raw = response.clone();
    return response;
  };
  return { fetch, raw: () => raw };
}

/** What the SDK needs to call an operation: the manifest entry, or its equivalent for a fixture operation. */
export interface SdkOperation {
  operationId: string;
  method: string;
  path: string;
  api: "chat" | "calls" | "management";
}

let formOperations: Set<string> | undefined;
/** Whether the operation's body is multipart/form-data: a user sends it with `bodySerializer: formDataBody`. */
function takesForm(operation: SdkOperation & Partial<Pick<SpecOperation, "requestBody">>): boolean {
  if (operation.requestBody) return operation.requestBody.mediaType === "multipart/form-data";
  formOperations ??= new Set(
    operationsOf(loadSpec())
      .filter((op) => op.requestBody?.mediaType === "multipart/form-data")
      .map((op) => op.operationId),
  );
  return formOperations.has(operation.operationId);
}

/** Sends `request` to the operation, named by its id in generated/manifest.ts or given as an {@link SdkOperation}. */
export async function sendViaSdk(
  targets: Targets,
  operation: string | SdkOperation,
  request: RequestInit,
  extraHeaders: Record<string, string> = {},
  credentials: Credentials = TEST_CREDENTIALS,
): Promise<Exchange> {
  const op = typeof operation === "string" ? manifest.find((entry) => entry.operationId === operation) : operation;
  if (!op) throw new Error(`${String(operation)} is not in generated/manifest.ts`);
  const { operationId } = op;
  const capture = capturingFetch();
  // The Chat and Calls clients take the same options; only the host (and the typed paths) differ.
  const appClient = (create: typeof createChatClient | typeof createCallsClient, baseUrl: string) =>
    create({ appId: "contract", apiKey: credentials.apiKey, baseUrl, fetch: capture.fetch, ...NO_RETRIES } as ChatClientOptions);
  const client =
    op.api === "management"
      ? createManagementClient({
          key: credentials.key,
          secret: credentials.secret,
          baseUrl: targets.management,
          fetch: capture.fetch,
          ...NO_RETRIES,
        } as ManagementClientOptions)
      : op.api === "calls"
        ? appClient(createCallsClient, targets.calls)
        : appClient(createChatClient, targets.chat);
  const call = (client as unknown as Record<string, (path: string, init: unknown) => Promise<{ data?: unknown; error?: unknown }>>)[
    op.method
  ]!;
  let sdk: Exchange["sdk"];
  try {
    const form = request.body !== undefined && takesForm(op) ? { bodySerializer: formDataBody } : {};
    sdk = await call(op.path, { ...request, headers: extraHeaders, ...form });
  } catch (thrown) {
    sdk = { thrown };
  }
  const raw = capture.raw();
  if (!raw) throw new Error(`${operationId}: the SDK sent no request`, { cause: sdk.thrown });
  const text = await raw.text();
  const mediaType = (raw.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  let json: unknown;
  if (/[/+]json$/.test(mediaType) && text !== "") {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { operationId, method: op.method, path: op.path, status: raw.status, mediaType, headers: raw.headers, text, json, sdk };
}
