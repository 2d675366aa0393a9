// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import type { FakeServerOptions } from "../server-types";

/** Throws a TypeError naming the first option of `startFakeServer` that is out of range or of the wrong type. */
export function checkFakeServerOptions(options: FakeServerOptions): void {
  const { port, host, maxItems } = options;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new TypeError(`startFakeServer: port must be an integer from 0 to 65535, got ${String(port)}.`);
  if (host !== undefined && (typeof host !== "string" || host.trim() === ""))
    throw new TypeError("startFakeServer: host must be a non-empty string.");
  if (maxItems !== undefined && !(Number.isInteger(maxItems) && maxItems > 0))
    throw new TypeError(`startFakeServer: maxItems must be a positive integer, got ${String(maxItems)}.`);
  for (const name of ["appId", "apiKey", "authOnlyKey", "key", "secret", "controlToken"] as const) {
    const value = options[name];
    if (value !== undefined && (typeof value !== "string" || value === ""))
      throw new TypeError(`startFakeServer: ${name} must be a non-empty string.`);
  }
  if (options.region !== undefined && (typeof options.region !== "string" || options.region === ""))
    throw new TypeError("startFakeServer: region must be a non-empty string.");
  const delays = options.webhookRetryDelays;
  if (delays !== undefined && !(Array.isArray(delays) && delays.length <= 10 && delays.every((ms) => Number.isFinite(ms) && ms >= 0)))
    throw new TypeError("startFakeServer: webhookRetryDelays must be at most 10 non-negative numbers of milliseconds.");
  if (options.apiKey !== undefined && options.apiKey === options.authOnlyKey)
    throw new TypeError("startFakeServer: apiKey and authOnlyKey must differ.");
  if (options.apps !== undefined) checkApps(options);
}

/** The checks of the `apps` option: each app as the one app's options, and no key shared by two. */
function checkApps({ apps, ...one }: FakeServerOptions): void {
  if (!Array.isArray(apps) || apps.length === 0) throw new TypeError("startFakeServer: apps must be a non-empty array.");
  for (const name of ["appId", "region", "apiKey", "authOnlyKey"] as const)
    if (one[name] !== undefined)
      throw new TypeError(`startFakeServer: ${name} names the one app of a fake without apps; give it in apps instead.`);
  const keys = new Set<string>();
  apps.forEach((app, index) => {
    for (const name of ["appId", "region", "apiKey", "authOnlyKey"] as const) {
      const value = app?.[name];
      if (value !== undefined && (typeof value !== "string" || value === ""))
        throw new TypeError(`startFakeServer: apps[${index}].${name} must be a non-empty string.`);
    }
    for (const key of [app.apiKey, app.authOnlyKey]) {
      if (key === undefined) continue;
      if (keys.has(key))
        throw new TypeError(`startFakeServer: apps[${index}] has a key another app (or its other key) has; each app's keys are its own.`);
      keys.add(key);
    }
  });
}
