// The webhook operations of the Management API on the wire: the X-Webhook-Version header, and
// removing triggers, a DELETE that names them in its body.
import { createManagementClient, unwrap } from "../../../src/index";
import { json, withServer, type Handler, unavailableOnce } from "../../harness/fault-server";

const ok: Handler = (_q, res) => json(res, 200, { data: { success: true, message: "done" } });
const client = (baseUrl: string) => createManagementClient({ key: "k-mgmt", secret: "s-mgmt", baseUrl });
const path = { appId: "24a1c7e9b3d05f68", webhookId: "order-events" };

describe("webhooks and triggers on the wire", () => {
  test("X-Webhook-Version reaches the wire beside the key and secret", async () => {
    await withServer(ok, async (server) => {
      await unwrap(
        client(server.url).DELETE("/apps/{appId}/webhooks/{webhookId}", { params: { path, header: { "X-Webhook-Version": 2 } } }),
      );
      const [sent] = server.requests;
      expect(sent!.url).toBe("/apps/24a1c7e9b3d05f68/webhooks/order-events");
      expect(sent!.headers["x-webhook-version"]).toBe("2");
      expect(sent!.headers.key).toBe("k-mgmt");
      expect(sent!.headers.secret).toBe("s-mgmt");
    });
  });

  test("remove-triggers sends its body as JSON with the DELETE", async () => {
    await withServer(ok, async (server) => {
      const body = { triggerIds: ["message_read_receipt" as const] };
      await unwrap(client(server.url).DELETE("/apps/{appId}/webhooks/{webhookId}/triggers", { params: { path }, body }));
      const [sent] = server.requests;
      expect(sent!.method).toBe("DELETE");
      expect(sent!.url).toBe("/apps/24a1c7e9b3d05f68/webhooks/order-events/triggers");
      expect(sent!.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(sent!.body)).toEqual(body);
    });
  });

  test("a remove-triggers DELETE answered 503 is retried with the same body", async () => {
    await withServer(unavailableOnce(ok), async (server) => {
      const body = { triggerIds: ["message_delivery_receipt" as const, "message_read_receipt" as const] };
      await unwrap(
        client(server.url).DELETE("/apps/{appId}/webhooks/{webhookId}/triggers", {
          params: { path, header: { "X-Webhook-Version": 2 } },
          body,
        }),
      );
      expect(server.requests.map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
      expect(server.requests[1]!.body).toBe(server.requests[0]!.body);
      expect(JSON.parse(server.requests[1]!.body)).toEqual(body);
      expect(server.requests[1]!.headers["x-webhook-version"]).toBe("2");
    });
  });
});
