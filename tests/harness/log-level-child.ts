// Run as a child process whose environment the test sets (CHAT_LOG): one client per case named on
// the command line makes a call to a deprecated operation through a stub fetch, and what the
// console and the client's own logger received is printed as JSON lines on stdout.
import { createChatClient, type Logger } from "../../src/index";

const stub = async () => Response.json({ data: {} });
const seen: string[] = [];
for (const level of ["debug", "info", "warn", "error"] as const) {
  console[level] = (message: string) => void seen.push(`console.${level} ${message}`);
}
const own: Logger = {
  debug: (m) => void seen.push(`logger.debug ${m}`),
  info: (m) => void seen.push(`logger.info ${m}`),
  warn: (m) => void seen.push(`logger.warn ${m}`),
  error: (m) => void seen.push(`logger.error ${m}`),
};
const options = { appId: "env", apiKey: "k-env-secret", baseUrl: "http://127.0.0.1:9", fetch: stub, maxRetries: 0 };
const cases: Record<string, () => ReturnType<typeof createChatClient>> = {
  plain: () => createChatClient(options),
  level: () => createChatClient({ ...options, logLevel: "error" }),
  logger: () => createChatClient({ ...options, logger: own }),
  derived: () => createChatClient(options).withOptions({ logLevel: "info" }),
};

(async () => {
  const client = cases[process.argv[2]!]!();
  // A deprecated operation: its warning comes once per process, at the warn level.
  await client.GET("/conversations/{conversationId}", { params: { path: { conversationId: "user_ana" }, header: { onBehalfOf: "ana" } } });
  console.log = process.stdout.write.bind(process.stdout) as never;
  process.stdout.write(`${JSON.stringify(seen)}\n`);
})();
