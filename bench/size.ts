// Section 3: the bundle size of the SDK, and which source files take the bytes.
import { measureBundle, measureSdk, SIZE_TARGETS } from "./bundle-size.js";
import { log, report } from "./section.js";

async function main() {
  const { wrapper, total, openapiFetch } = await measureSdk();
  // The client alone: what createChatClient pulls in, without the error classes' guards, paginate, rateLimit and unwrap.
  const clientOnly = await measureBundle("bench/entry-client-only.ts", { external: ["openapi-fetch"] });
  log(`size: wrapper ${wrapper.gzipped} B gz (target ${SIZE_TARGETS.wrapper}), with openapi-fetch ${total.gzipped} B gz (target ${SIZE_TARGETS.total})`);
  report({
    targets: SIZE_TARGETS,
    wrapper: { minified: wrapper.minified, gzipped: wrapper.gzipped },
    total: { minified: total.minified, gzipped: total.gzipped },
    openapiFetch: { minified: openapiFetch.minified, gzipped: openapiFetch.gzipped },
    clientOnly: { minified: clientOnly.minified, gzipped: clientOnly.gzipped },
    inputs: Object.fromEntries(Object.entries(wrapper.inputs).sort((a, b) => b[1] - a[1])),
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
