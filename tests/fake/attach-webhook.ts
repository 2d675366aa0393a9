// A webhook on the fake, made as a user makes one: created through the Management API, then
// given its triggers.
import { type ManagementClient, unwrap } from "../../src/index";
import type { FiredTrigger } from "../../src/testing/index";

export interface WebhookToAttach {
  id: string;
  name: string;
  webhookURL: string;
  useBasicAuth?: boolean;
  username?: string;
  password?: string;
  retryOnFailure?: boolean;
}

/** Creates `webhook` in the app `appId` and attaches `triggers` to it. */
export async function attachWebhook(management: ManagementClient, appId: string, webhook: WebhookToAttach, triggers: FiredTrigger[]) {
  await unwrap(management.POST("/apps/{appId}/webhooks", { params: { path: { appId } }, body: webhook }));
  await unwrap(
    management.POST("/apps/{appId}/webhooks/{webhookId}/triggers", {
      params: { path: { appId, webhookId: webhook.id } },
      body: { triggerIds: triggers },
    }),
  );
}
