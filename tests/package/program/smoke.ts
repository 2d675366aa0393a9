// The smoke program: the same calls on every runtime and under every module setting. It uses
// only the package's public API and web-standard globals, so that a browser page can run it too.
import { createChatClient, createManagementClient } from "chat-rest-sdk";

/** What a runtime adds to every client: the browser run opts in with `dangerouslyAllowBrowser`. */
export interface SmokeOptions {
  dangerouslyAllowBrowser?: boolean;
}

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`smoke check failed: ${what}`);
}

const reply = {
  receiver: "cometchat-uid-2",
  receiverType: "user",
  category: "message",
  type: "text",
  data: { text: "Smoke test reply." },
} as const;

/** Runs every smoke call against `baseUrl` and returns one line per call; throws at the first failure. */
export async function smoke(baseUrl: string, options: SmokeOptions = {}): Promise<string[]> {
  const chat = createChatClient({ appId: "smoke", apiKey: "smoke-key", baseUrl, ...options });
  const lines: string[] = [];

  const sent = await chat.as("cometchat-uid-1").POST("/messages/{id}/thread", { params: { path: { id: "1842" } }, body: reply });
  check(sent.data, `send-thread-message answered ${sent.response.status}`);
  const parentId: string = sent.data.data.parentId;
  lines.push(`send-thread-message: reply ${sent.data.data.id} in thread ${parentId}`);

  // The shipped declarations must keep the spec's rules, not degrade to `any` under some resolution.
  // @ts-expect-error onBehalfOf is required for a thread reply from an unbound client
  void (() => chat.POST("/messages/{id}/thread", { params: { path: { id: "1842" } }, body: reply }));

  const users = await chat.GET("/users", { params: { query: { page: 1, perPage: 2 } } });
  check(users.data, `list-users answered ${users.response.status}`);
  lines.push(`list-users: ${users.data.data.length} users, ${users.data.meta.pagination.total_pages} page(s)`);

  const token = await chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "cometchat-uid-1" } }, body: { force: true } });
  check(token.data, `create-authtoken answered ${token.response.status}`);
  lines.push(`create-authtoken: token for ${token.data.data.uid}`);

  const management = createManagementClient({ key: "smoke-key", secret: "smoke-secret", baseUrl, ...options });
  const apps = await management.GET("/apps");
  check(apps.data, `list-apps answered ${apps.response.status}`);
  lines.push(`list-apps: ${apps.data.data.length} app(s)`);

  // Prism answers with the spec's 404 example when asked to; the SDK must return it as `error`.
  const missing = await chat.as("cometchat-uid-1").POST("/messages/{id}/thread", {
    params: { path: { id: "404404" } },
    body: reply,
    headers: { Prefer: "code=404" },
  });
  check(missing.response.status === 404 && missing.error, `the 404 case answered ${missing.response.status}`);
  const code: string = missing.error.error.code;
  lines.push(`send-thread-message (404): error ${code}`);
  return lines;
}
