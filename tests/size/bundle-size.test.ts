import { measureBundle, measureSynthetic, SIZE_TARGETS } from "./bundle-size";

// What an application's bundle gets from the SDK: src/index.ts with openapi-fetch bundled in,
// min + gzip, against SIZE_TARGETS.sdk (12.5 kB). The SDK builds every request itself with
// openapi-fetch's serializers, so openapi-fetch's createClient is not in the bundle.
const SDK_BUDGET = SIZE_TARGETS.sdk;

describe("bundle size of src/index.ts (esbuild --minify, gzip -9)", () => {
  test(`the whole SDK, openapi-fetch included, fits its target of ${SDK_BUDGET} bytes`, async () => {
    const sdk = await measureBundle("src/index.ts", { external: [] });
    expect(sdk.gzipped).toBeLessThanOrEqual(SDK_BUDGET);
  });

  test(`a spec of ${SIZE_TARGETS.operations} operations adds 0 bytes`, async () => {
    const today = await measureBundle("src/index.ts", { external: ["openapi-fetch"] });
    const synthetic = await measureSynthetic();
    expect(synthetic.gzipped - today.gzipped).toBe(0);
  }, 30_000);
});
