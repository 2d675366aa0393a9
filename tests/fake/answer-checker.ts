// Checks every answer of the fake against the spec: the status must be one its operation
// documents, and the body must match that status's schema (Ajv, through the contract harness's
// response validator), so the fake cannot drift from the types users compile against.
import { createCallsClient, createChatClient, createManagementClient } from "../../src/index";
import type { FakeServer } from "../../src/testing/index";
import { bundledSpec } from "../../src/testing/prism-process";
import { fakeSpec } from "../../src/testing/fake/fake-spec";
import { responseValidator } from "../harness/response-validator";
import { type JsonObject, loadSpec, resolve } from "../harness/spec";

const spec = loadSpec();
const validator = responseValidator(spec);
const ERROR_ENVELOPE = { $ref: "#/components/schemas/ErrorEnvelope" } as JsonObject;

export interface AnswerChecker {
  /** A fetch for the SDK's `fetch` option that checks each answer it passes on. */
  fetch: (input: Request, init?: RequestInit) => Promise<Response>;
  /** Checks one answer to `method` `url`; the problems found are kept. */
  check(method: string, url: string, status: number, body: unknown): Promise<void>;
  /** Every problem found so far, one line each; and how many answers were checked. */
  problems(): string[];
  checked(): number;
}

export function answerChecker(): AnswerChecker {
  const problems: string[] = [];
  let checked = 0;
  const check = async (method: string, url: string, status: number, body: unknown) => {
    checked++;
    const { pathname } = new URL(url);
    const found = fakeSpec(bundledSpec).route(method, pathname);
    const where = `${method} ${pathname} ${status}`;
    let schema: JsonObject = ERROR_ENVELOPE;
    if (found) {
      const operation = resolve(spec, (spec.paths[found.operation.path] as JsonObject)[method.toLowerCase()]);
      const response = (operation.responses as JsonObject)[String(status)];
      if (!response) {
        problems.push(`${where}: ${found.operation.operationId} does not document ${status}`);
        return;
      }
      const content = resolve(spec, response).content as JsonObject | undefined;
      schema = resolve<JsonObject>(spec, content?.["application/json"]).schema as JsonObject;
    } else if (status !== 404) problems.push(`${where}: no operation, yet not 404`);
    for (const error of validator.validate(schema, body)) problems.push(`${where}: ${error.path} ${error.message}`);
  };
  return {
    async fetch(input, init) {
      const response = await fetch(input, init);
      const text = await response.clone().text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      await check(input.method, input.url, response.status, body);
      return response;
    },
    check,
    problems: () => problems,
    checked: () => checked,
  };
}

/** The three clients on the fake, with its credentials, every answer checked by `checker`. */
export function clientsOf(fake: FakeServer, checker: AnswerChecker) {
  const common = { baseUrl: fake.url, fetch: checker.fetch };
  return {
    chat: createChatClient({ appId: fake.appId, apiKey: fake.apiKey, ...common }),
    calls: createCallsClient({ appId: fake.appId, apiKey: fake.apiKey, ...common }),
    management: createManagementClient({ key: fake.key, secret: fake.secret, ...common }),
  };
}
