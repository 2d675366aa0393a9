// Prism in proxy mode: forwards each request to `upstream` and reports in `sl-violations` where
// the real response departs from the spec. Run without --errors, so the upstream's own status
// and body reach the harness unchanged and Ajv can check them too.
import { bundledSpec, startPrism, type PrismProcess } from "../../src/testing/prism-process";
import { PRISM_START_MS } from "./prism-start";

export function startProxy(upstream: string, spec = bundledSpec): Promise<PrismProcess> {
  return startPrism({ command: ["proxy", spec, upstream], host: "127.0.0.1", port: 0, errors: false, startTimeoutMs: PRISM_START_MS });
}
