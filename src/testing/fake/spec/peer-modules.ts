// Internal: the fake's runtime dependencies are optional peers, like Prism for the mock, so
// `chat-rest-sdk/testing` loads without them; they are required on the first startFakeServer().
import { createRequire } from "node:module";
import { join } from "node:path";
import type Ajv from "ajv";
import type addFormats from "ajv-formats";
import type FindMyWay from "find-my-way";
import { packageRoot } from "../../prism-process";

/** The versions this package is tested with, for the install hint. */
const PINNED = { ajv: "8.20.0", "ajv-formats": "2.1.1", "find-my-way": "9.10.1" } as const;

export interface PeerModules {
  Ajv: typeof Ajv;
  addFormats: typeof addFormats;
  FindMyWay: typeof FindMyWay;
}

let loaded: PeerModules | undefined;

let rootRequire: NodeJS.Require | undefined;
/** `require`, resolving from this package's root, so a copy installed beside it (hoisted or not) is found. */
const fromRoot = (): NodeJS.Require => (rootRequire ??= createRequire(join(packageRoot, "package.json")));

/** Requires a module as resolved from this package's root. */
export const peerRequire = (id: string): unknown => fromRoot()(id);

function load<T>(name: keyof typeof PINNED): T {
  try {
    return peerRequire(name) as T;
  } catch (error) {
    return missing(name, error);
  }
}

/** Throws what a failure to find or load `name` means: the install command when it is not installed. */
function missing(name: keyof typeof PINNED, error: unknown): never {
  if ((error as { code?: string }).code !== "MODULE_NOT_FOUND") throw error;
  const all = Object.entries(PINNED).map(([peer, version]) => `${peer}@${version}`);
  throw new Error(`startFakeServer needs ${name}: install the fake's peers with \`npm install --save-dev ${all.join(" ")}\`.`);
}

/**
 * find-my-way, loaded; Ajv and ajv-formats only found, to be loaded by {@link peerModules} when a
 * schema is first compiled: with every validator read back as code (./compile-cache.ts) they are
 * never loaded. Throws, naming the install command, when one is missing.
 */
export function routerModule(): typeof FindMyWay {
  for (const name of ["ajv", "ajv-formats"] as const) {
    try {
      fromRoot().resolve(name);
    } catch (error) {
      missing(name, error);
    }
  }
  return loaded?.FindMyWay ?? load<typeof FindMyWay>("find-my-way");
}

/** Ajv, ajv-formats and find-my-way, loaded once. Throws, naming the install command, when one is missing. */
export function peerModules(): PeerModules {
  loaded ??= {
    Ajv: load<{ default: typeof Ajv }>("ajv").default,
    addFormats: load<{ default: typeof addFormats }>("ajv-formats").default,
    FindMyWay: load<typeof FindMyWay>("find-my-way"),
  };
  return loaded;
}
