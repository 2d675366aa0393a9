// The push notification extension takes its APNs credentials as multipart/form-data uploads on the
// management host: formDataBody sends the file as a `certificate` part, checked here on the wire.
import { createManagementClient, formDataBody, unwrap } from "../../../src/index";
import { json, withServer, type FaultServer, type Handler } from "../../harness/fault-server";

const uploaded = { data: { statusCode: 200, success: true, responseTime: 0.11, body: { success: true } } };
const ok: Handler = (_q, res) => json(res, 200, uploaded);
const app = { path: { appId: "24a1c7e9b3d05f68" } };
const management = (baseUrl: string) => createManagementClient({ key: "k-cert", secret: "s-cert", baseUrl });
// Bytes of a DER structure, as a .p12 file starts: not valid UTF-8, so any text round trip would change them.
const p12Bytes = new Uint8Array([0x30, 0x82, 0x0a, 0x3c, 0x02, 0x01, 0x03, 0xff, 0x00, 0xfe, 0x80, 0x0d, 0x0a]);

/** The parts of the multipart body the server received, parsed from its raw bytes by the platform's own parser. */
async function partsOf(sent: FaultServer["requests"][number]) {
  return new Response(new Uint8Array(sent.raw), { headers: { "content-type": String(sent.headers["content-type"]) } }).formData();
}

describe("APNs certificate uploads", () => {
  test("a .p8 key goes to the management host as one multipart part, certificate, with its file name and the key and secret", async () => {
    await withServer(ok, async (server) => {
      const key = new File(["-----BEGIN PRIVATE KEY-----\nMIGTAgEA\n-----END PRIVATE KEY-----\n"], "AuthKey_2X9R4HXF34.p8");
      const { data } = await unwrap(
        management(server.url).POST("/apps/{appId}/extensions/push-notification/v1/upload-certificate-p8", {
          params: app,
          body: { certificate: key },
          bodySerializer: formDataBody,
        }),
      );
      expect(data.body.success).toBe(true);
      const [sent] = server.requests;
      expect([sent!.method, sent!.url]).toEqual(["POST", "/apps/24a1c7e9b3d05f68/extensions/push-notification/v1/upload-certificate-p8"]);
      expect([sent!.headers.key, sent!.headers.secret]).toEqual(["k-cert", "s-cert"]);
      expect(sent!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      const parts = await partsOf(sent!);
      const names: string[] = [];
      parts.forEach((_value, name) => {
        names.push(name);
      });
      expect(names).toEqual(["certificate"]);
      const file = parts.get("certificate") as File;
      expect([file.name, await file.text()]).toEqual(["AuthKey_2X9R4HXF34.p8", await key.text()]);
    });
  });

  test("a .p12 certificate arrives byte for byte, bytes that are not text included", async () => {
    await withServer(ok, async (server) => {
      await unwrap(
        management(server.url).POST("/apps/{appId}/extensions/push-notification/v1/upload-certificate-p12", {
          params: app,
          body: { certificate: new File([p12Bytes], "apns-production.p12", { type: "application/x-pkcs12" }) },
          bodySerializer: formDataBody,
        }),
      );
      const [sent] = server.requests;
      expect(sent!.url).toBe("/apps/24a1c7e9b3d05f68/extensions/push-notification/v1/upload-certificate-p12");
      const file = (await partsOf(sent!)).get("certificate") as File;
      expect([file.name, file.type]).toEqual(["apns-production.p12", "application/x-pkcs12"]);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(p12Bytes);
    });
  });

  test("an upload answered 429 is sent again with the same bytes, boundary included", async () => {
    const limitedOnce: Handler = (req, res, hit) =>
      hit === 1
        ? json(res, 429, { error: { code: "ERR_TOO_MANY_REQUESTS", message: "slow down" } }, { "retry-after": "0" })
        : ok(req, res, hit);
    await withServer(limitedOnce, async (server) => {
      await unwrap(
        management(server.url).POST("/apps/{appId}/extensions/push-notification/v1/upload-certificate-p12", {
          params: app,
          body: { certificate: new Blob([p12Bytes]) },
          bodySerializer: formDataBody,
        }),
      );
      const [first, second] = server.requests;
      expect(server.requests).toHaveLength(2);
      expect(second!.headers["content-type"]).toBe(first!.headers["content-type"]);
      expect(second!.raw.equals(first!.raw)).toBe(true);
      expect(new Uint8Array(await ((await partsOf(second!)).get("certificate") as File).arrayBuffer())).toEqual(p12Bytes);
    });
  });
});
