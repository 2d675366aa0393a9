import { createCallsClient, createChatClient, createManagementClient } from "../../src/index";
import { harnessLogger } from "./harness-logger";

/** The URL of the Prism mock that the global setup started. */
export function mockUrl(): string {
  const url = process.env.CHAT_MOCK_URL;
  if (!url) throw new Error("CHAT_MOCK_URL is not set: run the contract tests through Jest's global setup.");
  return url;
}

export const mockChat = () => createChatClient({ appId: "contract", apiKey: "contract-key", baseUrl: mockUrl(), logger: harnessLogger });
export const mockCalls = () => createCallsClient({ appId: "contract", apiKey: "contract-key", baseUrl: mockUrl(), logger: harnessLogger });
export const mockManagement = () =>
  createManagementClient({ key: "contract-key", secret: "contract-secret", baseUrl: mockUrl(), logger: harnessLogger });
