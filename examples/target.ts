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
  if (Boolean(env.CHAT_APP_ID) !== Boolean(env.CHAT_API_KEY)) {
    // Half a set of credentials is a typo, not a request for the mock.
    throw new Error("Set both CHAT_APP_ID and CHAT_API_KEY to run against your app, or neither to run against a mock.");
  }
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
    // The mock checks that credentials are present, not what they are; these only look real.
    chat: { appId: "2a1b3c4d5e6f7a8b", apiKey: "2c9f4e1a7b3d5f80c6e2a4b9d1f7c3e5a8b0d2f4", baseUrl },
    management: { key: "mgmt_5e8a1f3c9b2d7e4a", secret: "7d3f9a1c5e8b2d4f6a0c8e1b3d5f7a9c", baseUrl },
    close: async () => mock?.close(),
  };
}
