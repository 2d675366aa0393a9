// No ".js" here, unlike the rest of src/: Jest loads this file through ts-node for its global
// setup, and ts-node does not map "./x.js" to "./x.ts". A CommonJS file may import without one.
import { bundledSpec, checkSpecExists, startPrism, type PrismProcess } from "./prism-process";
import { startViolationsProxy } from "./violations-proxy";

/** Options of {@link startMockServer}. */
export interface MockServerOptions {
  /**
   * Port to listen on. `0` picks a free port.
   * @default 0
   * @example 4010
   */
  port?: number;
  /**
   * Interface to listen on. Keep it on loopback unless other machines must reach the mock.
   * The returned `url` brackets an IPv6 address (`http://[::1]:4010`), and names loopback
   * for a wildcard address (`0.0.0.0` gives `http://127.0.0.1:4010`), so a client accepts it.
   * @default "127.0.0.1"
   * @example "0.0.0.0"
   */
  host?: string;
  /**
   * Turn response violations into errors (Prism's `--errors`): when the answer the mock would
   * give does not match the spec, for example an example that contradicts its schema, it
   * answers 500 with the violations instead. Requests the spec forbids are rejected (400/422,
   * the parameter or field named in the error body's `details`) either way.
   * @default true
   * @example false
   */
  errors?: boolean;
  /**
   * The OpenAPI document to mock.
   * @default the spec bundled with this package
   * @example "./openapi.json"
   */
  spec?: string;
  /**
   * How long to wait for the mock to listen before giving up, in milliseconds.
   * @default 30000
   * @example 60000
   */
  startTimeoutMs?: number;
}

/** A running mock. */
export interface MockServer {
  /** Base URL to pass as `baseUrl` to a client, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /**
   * Stops the mock and waits for it to exit. Calling it again returns the same promise. A mock
   * never keeps the process alive: one left running is killed when the process exits, or is
   * ended by SIGINT, SIGTERM or SIGHUP (which then still ends the process, unless it has a
   * handler of its own for that signal).
   */
  close(): Promise<void>;
}

function checkOptions(options: MockServerOptions): void {
  const { port, host, startTimeoutMs } = options;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new TypeError(`startMockServer: port must be an integer from 0 to 65535, got ${String(port)}.`);
  }
  if (host !== undefined && (typeof host !== "string" || host.trim() === "")) {
    throw new TypeError("startMockServer: host must be a non-empty string.");
  }
  if (startTimeoutMs !== undefined && !(typeof startTimeoutMs === "number" && startTimeoutMs > 0)) {
    throw new TypeError(`startMockServer: startTimeoutMs must be a positive number, got ${String(startTimeoutMs)}.`);
  }
}

/**
 * Starts a Prism mock of the Chat, Calls and Management APIs, answering from the spec's examples and
 * validating every request against it. The three share the mock's one URL: pass it as `baseUrl`
 * to each client. Rejects when the mock cannot start: a busy port, or,
 * with Prism's log in the message, a missing spec or Prism not installed.
 *
 * Pick a documented response with the `Prefer` header, e.g. `Prefer: code=404, example=uidNotFound`.
 *
 * @example
 * const mock = await startMockServer();
 * const chat = createChatClient({ appId: "demo", apiKey: "test", baseUrl: mock.url });
 * const calls = createCallsClient({ appId: "demo", apiKey: "test", baseUrl: mock.url });
 * // ... exercise your code ...
 * await mock.close();
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  checkOptions(options);
  const spec = options.spec ?? bundledSpec;
  checkSpecExists(spec);
  // Prism listens on loopback only: clients reach it through the proxy, which names the fields
  // that Prism rejected in the error body (see violations-proxy.ts). The proxy takes its port
  // first, so a port that is taken fails the start before Prism spends seconds reading the spec.
  let started!: (url: string) => void;
  let failed!: (error: unknown) => void;
  const prismUrl = new Promise<string>((resolve, reject) => {
    started = resolve;
    failed = reject;
  });
  const proxy = await startViolationsProxy(prismUrl, options.host ?? "127.0.0.1", options.port ?? 0);
  let prism: PrismProcess;
  try {
    prism = await startPrism({
      command: ["mock", spec],
      host: "127.0.0.1",
      port: 0,
      errors: options.errors ?? true,
      startTimeoutMs: options.startTimeoutMs ?? 30_000,
    });
  } catch (error) {
    failed(error);
    await proxy.close();
    throw error;
  }
  started(prism.url);
  let closing: Promise<void> | undefined;
  return { url: proxy.url, close: () => (closing ??= Promise.all([proxy.close(), prism.close()]).then(() => undefined)) };
}
