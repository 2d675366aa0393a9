// What a recording keeps of the push providers' and extensions' credentials: nothing. Their keys
// are named as the providers name them (`private_key`, `p8Key`, `fcmServerKey`), not as tokens.
import { Scrubber } from "../../../src/testing/record/scrub";

const PEM = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n";

test("an FCM service account's private key, an APNs p8 key and an extension's keys never reach the line; names of files do", () => {
  const line = new Scrubber(true).line({
    seq: 1,
    time: "2026-12-06T10:00:00.000Z",
    durationMs: 3,
    operationId: "notifications-push-add-fcm-provider",
    method: "POST",
    path: "/notifications/push/v1/providers/fcm",
    params: {},
    requestBody: {
      providerId: "fcm-1",
      serviceAccountFilename: "shop-firebase.json",
      serviceAccountCreds: { project_id: "shop-4f2a1", private_key: PEM, private_key_id: "3b1e5c9d7a2f" },
      p8Key: "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49",
      p8KeyFilename: "AuthKey_ABC123.p8",
      fcmServerKey: "AAAA-server-key-0123",
      scaniiSecretKey: "scanii-secret-0123",
      virgilAppKey: "virgil-app-key-0123",
    },
    response: { status: 200, headers: {}, body: { data: { providerId: "fcm-1" } } },
  });
  for (const secret of [
    PEM,
    "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC",
    "MIGTAgEAMBMGByqGSM49",
    "AAAA-server-key-0123",
    "scanii-secret-0123",
    "virgil-app-key-0123",
  ])
    expect([secret, line.includes(JSON.stringify(secret).slice(1, -1))]).toEqual([secret, false]);
  const body = JSON.parse(line).requestBody;
  expect(body.serviceAccountCreds.private_key).toMatch(/^redacted-private_key-\d+$/);
  expect(body.p8KeyFilename).toBe("AuthKey_ABC123.p8");
  // The key's id names it, as a file name does: not a secret.
  expect(body.serviceAccountCreds.private_key_id).toBe("3b1e5c9d7a2f");
  expect(body.serviceAccountFilename).toBe("shop-firebase.json");
});
