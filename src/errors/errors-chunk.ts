// Everything in src/errors/, as one module: scripts/build.sh builds it into dist/errors.{mjs,cjs},
// which every bundle of the package imports rather than a copy of its own, so that an error one
// entry point throws is an instance of the class another exports (`instanceof ChatError` holds for
// an error from chat-rest-sdk/webhooks). Not an entry point: nothing imports this file but the build.
export * from "./call-record.js";
export * from "./chat-api-error.js";
export * from "./chat-config-error.js";
export * from "./chat-connection-error.js";
export * from "./chat-error.js";
export * from "./chat-invalid-response-error.js";
export * from "./guards.js";
export * from "./rate-limit-store-error.js";
export * from "./redact.js";
export * from "./retry-policy.js";
export * from "./unwrap.js";
