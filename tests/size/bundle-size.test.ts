import { measureBundle, measureSynthetic, SIZE_TARGETS } from "./bundle-size";

// The wrapper's size target, min + gzip, with openapi-fetch left to the application; and a
// spec of 300 operations must not make it grow, because the runtime only carries deprecated ones.
describe("bundle size of src/index.ts (esbuild --minify, gzip -9)", () => {
  test(`the wrapper fits ${SIZE_TARGETS.wrapper} bytes`, async () => {
    const wrapper = await measureBundle("src/index.ts", { external: ["openapi-fetch"] });
    expect(wrapper.gzipped).toBeLessThanOrEqual(SIZE_TARGETS.wrapper);
  });

  test(`a spec of ${SIZE_TARGETS.operations} operations adds at most ${SIZE_TARGETS.growth} bytes`, async () => {
    const today = await measureBundle("src/index.ts", { external: ["openapi-fetch"] });
    const synthetic = await measureSynthetic();
    expect(synthetic.gzipped - today.gzipped).toBeLessThanOrEqual(SIZE_TARGETS.growth);
  }, 30_000);
});
