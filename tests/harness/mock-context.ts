// What a contract test against the shared Prism mock needs: the spec, the validator and where to send.
import { operations as manifest } from "../../generated/manifest";
import { contractSubject, rawCredentials as credentialsOf } from "./contract-subject";
import { responseValidator } from "./response-validator";
import type { Targets } from "./send-via-sdk";
import { loadSpec } from "./spec";

export const spec = loadSpec();
export const validator = responseValidator(spec);

/** The mock the Jest global setup started (one Prism serves the three APIs). */
export function mockTargets(): Targets {
  const url = process.env.CHAT_MOCK_URL;
  if (!url) throw new Error("CHAT_MOCK_URL is not set: run the contract tests through Jest's global setup.");
  return { chat: url, calls: url, management: url };
}

/** The real spec, served by the shared mock. */
export const mockSubject = contractSubject("generated/openapi.json", spec, mockTargets, validator);

/** The credential headers raw requests carry, by API. */
export function rawCredentials(operationId: string): Record<string, string> {
  return credentialsOf(manifest.find((op) => op.operationId === operationId)?.api ?? "chat");
}
