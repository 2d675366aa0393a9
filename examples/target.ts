// Where the examples send their requests, so that each example shows only the call it is about.
//   CHAT_APP_ID + CHAT_API_KEY set (CHAT_REGION, CHAT_MGMT_KEY, CHAT_MGMT_SECRET optional): the real service.
//   CHAT_MOCK_URL set: a mock that is already running (the examples test passes its own).
//   Neither: a mock started here with chat-rest-sdk/testing, which needs @stoplight/prism-cli installed.
import type { ChatClientOptions, ManagementClientOptions, Region } from "chat-rest-sdk";
import { startMockServer } from "chat-rest-sdk/testing";

export interface ExampleTarget {
  chat: ChatClientOptions;
  management: ManagementClientOptions;
  close(): Promise<void>;
}

export async function exampleTarget(): Promise<ExampleTarget> {
  const env = process.env;
  if (env.CHAT_APP_ID && env.CHAT_API_KEY) {
    return {
      chat: { appId: env.CHAT_APP_ID, apiKey: env.CHAT_API_KEY, region: (env.CHAT_REGION ?? "us") as Region },
      management: { key: env.CHAT_MGMT_KEY ?? "", secret: env.CHAT_MGMT_SECRET ?? "" },
      close: async () => {},
    };
  }
  const mock = env.CHAT_MOCK_URL ? undefined : await startMockServer();
  const baseUrl = env.CHAT_MOCK_URL ?? mock!.url;
  return {
    chat: { appId: "example", apiKey: "mock-api-key", baseUrl },
    management: { key: "mock-key", secret: "mock-secret", baseUrl },
    close: async () => mock?.close(),
  };
}
