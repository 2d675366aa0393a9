export { startMockServer } from "./start-mock-server.js";
export type { MockServer, MockServerOptions } from "./start-mock-server.js";
