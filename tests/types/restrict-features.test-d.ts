// Type-level contract of the Restrict Features operations. Checked by `tsc --noEmit`, never executed.
import { expectTypeOf } from "expect-type";
import type { ActionResult, components, createChatClient } from "../../src/index.js";

declare const chat: ReturnType<typeof createChatClient>;
const role = "moderator";

export async function getRestrictedFeatures() {
  const features = await chat.GET("/roles/{role}/restrictedfeatures", { params: { path: { role } } });
  if (features.data) expectTypeOf(features.data.data).toEqualTypeOf<components["schemas"]["RestrictedFeature"][]>();

  await chat.GET("/roles/{role}/restrictedfeatures", {
    params: {
      // @ts-expect-error the role is required
      path: {},
    },
  });
}

export async function restrictFeatures() {
  const restricted = await chat.POST("/roles/{role}/restrictedfeatures", {
    params: { path: { role } },
    body: { featuresToRestrict: ["u.listUsers"] },
  });
  if (restricted.data) expectTypeOf(restricted.data.data["u.listUsers"]).toEqualTypeOf<ActionResult | undefined>();

  await chat.POST("/roles/{role}/restrictedfeatures", {
    params: { path: { role } },
    // @ts-expect-error featuresToRestrict is required
    body: {},
  });
}

export async function allowFeatures() {
  // DELETE with a body: the features to allow again.
  const allowed = await chat.DELETE("/roles/{role}/restrictedfeatures", { params: { path: { role } }, body: { allowAll: true } });
  if (allowed.data) expectTypeOf(allowed.data.data).toEqualTypeOf<ActionResult>();

  await chat.DELETE("/roles/{role}/restrictedfeatures", {
    params: { path: { role } },
    body: {
      // @ts-expect-error featuresToAllow holds feature keys
      featuresToAllow: "u.listUsers",
    },
  });
}
