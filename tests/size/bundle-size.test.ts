import { measureSdk, SIZE_TARGETS } from "./bundle-size";

// What the check enforces, in gzipped bytes. The targets (SIZE_TARGETS: 2 kB for the
// wrapper, 5 kB with openapi-fetch) are not met: even `createChatClient` alone bundles to about
// 5 kB, and BENCHMARKS.md (section 3) lists the bytes by file. Until the lead picks a larger
// target or fewer features, the check holds the size measured when a feature last landed
// (7.77 kB and 9.93 kB, after checking path templates and values, onBehalfOf under any casing
// and credentials before sending, masking without garbling stack frames, and pagination that
// stops on a service making no progress) plus about 3 %, so unplanned growth fails `npm test`.
// Raised by 268 bytes (both) for the 17 Messages and moderation operations the operation
// manifest gained (src/deprecation.ts imports generated/manifest.ts), then by 624 (wrapper)
// and 614 (total) for paginate's cursor lists (src/cursor-pager.ts and the list of cursor paths).
// Lower a budget to its target once the bundle fits.
const BUDGETS = { wrapper: 8_892, total: 11_112 } as const;

describe("bundle size of src/index.ts (esbuild --minify, gzip -9)", () => {
  let sizes: Awaited<ReturnType<typeof measureSdk>>;

  beforeAll(async () => {
    sizes = await measureSdk();
  });

  test(`the wrapper alone, openapi-fetch external, fits ${BUDGETS.wrapper} bytes (target ${SIZE_TARGETS.wrapper})`, () => {
    expect(sizes.wrapper.gzipped).toBeLessThanOrEqual(BUDGETS.wrapper);
  });

  test(`the wrapper with openapi-fetch bundled fits ${BUDGETS.total} bytes (target ${SIZE_TARGETS.total})`, () => {
    expect(sizes.total.gzipped).toBeLessThanOrEqual(BUDGETS.total);
  });
});
