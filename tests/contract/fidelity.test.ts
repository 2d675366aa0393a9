// Fidelity to the vendor's published specs (../shared/reference/ or CHAT_REFERENCE_DIR, read by
// tests only, never by the package; see tests/harness/reference.ts). Compared per operation: path and method, operationId, parameter names,
// locations, required flags and schema types, request-body property names and enums, 200 response property
// names, with $ref, allOf and oneOf resolved on both sides. And every vendor 2xx example is validated
// against our schema for its operation and status, and every property such an example shows must be
// declared by our schema.
import { join } from "node:path";
import { operations as manifest } from "../../generated/manifest";
import { fidelityDifferences } from "../harness/fidelity";
import { undeclaredExampleProperties, vendorExampleReport } from "../harness/vendor-examples";
import { describeWithReference, haveReference, referenceDir } from "../harness/reference";
import { loadSpec, type JsonObject } from "../harness/spec";
import { allows, fidelityAllowlist } from "./fidelity-allowlist";

const ours = loadSpec();

function vendorSpecs() {
  const chat = loadSpec(join(referenceDir, "chat-apis.json"));
  const byApi = {
    chat,
    calls: loadSpec(join(referenceDir, "calls.json")),
    management: loadSpec(join(referenceDir, "management-apis.json")),
  };
  const apiOf = new Map<string, keyof typeof byApi>(manifest.map((op) => [op.path, op.api]));
  return (key: string) => byApi[apiOf.get(key.slice(key.indexOf(" ") + 1)) ?? "chat"];
}

describeWithReference("fidelity to the vendor's published specs", () => {
  const examples = haveReference ? vendorExampleReport(ours, vendorSpecs()) : { checked: 0, failures: [] };
  const undeclared = haveReference ? undeclaredExampleProperties(ours, vendorSpecs()) : [];
  const differences = haveReference ? [...fidelityDifferences(ours, vendorSpecs()), ...examples.failures, ...undeclared] : [];
  const excused = examples.failures.filter((f) => Object.keys(fidelityAllowlist).some((pattern) => allows(pattern, f)));

  test(`the vendor's ${examples.checked} 2xx examples validate against our schemas, but ${excused.length} allow-listed defects`, () => {
    expect(examples.checked).toBeGreaterThan(200);
    expect(examples.failures.filter((f) => !excused.includes(f))).toEqual([]);
  });

  test("every difference from the vendor's spec is allow-listed with a reason", () => {
    const unexplained = differences.filter((d) => !Object.keys(fidelityAllowlist).some((pattern) => allows(pattern, d)));
    expect(unexplained).toEqual([]);
  });

  test("every allow-list entry still matches a difference (no stale excuses)", () => {
    const stale = Object.keys(fidelityAllowlist).filter((pattern) => !differences.some((d) => allows(pattern, d)));
    expect(stale).toEqual([]);
  });

  test("every allow-list reason is one line of real text", () => {
    for (const reason of Object.values(fidelityAllowlist)) expect(reason).toMatch(/^[^\n]{20,}$/);
  });
});

describeWithReference("the fidelity comparator", () => {
  const vendor = () => loadSpec(join(referenceDir, "chat-apis.json"));
  const same = (spec: ReturnType<typeof loadSpec>) => () => spec;
  const thread = (spec: ReturnType<typeof loadSpec>) => (spec.paths["/messages/{id}/thread"] as JsonObject).post as JsonObject;
  // The thread operation's allow-listed differences (fields Message gained) are not the comparator's subject.
  const only = (differences: string[]) =>
    differences.filter((d) => d.startsWith("send-thread-message") && !Object.keys(fidelityAllowlist).some((p) => allows(p, d)));

  test("finds nothing between the vendor's thread operation and ours today", () => {
    expect(only(fidelityDifferences(ours, same(vendor())))).toEqual([]);
  });

  test("names a changed operationId", () => {
    const changed = vendor();
    thread(changed).operationId = "post-thread";
    expect(only(fidelityDifferences(ours, same(changed)))).toEqual([
      'send-thread-message: operationId is "post-thread" in the vendor\'s spec',
    ]);
  });

  test("names a parameter whose required flag or location differs", () => {
    const changed = vendor();
    const params = thread(changed).parameters as JsonObject[];
    params[0] = { name: "onBehalfOf", in: "header", required: false, schema: { type: "string" } };
    params[1] = { ...params[1], in: "query" };
    expect(only(fidelityDifferences(ours, same(changed)))).toEqual([
      "send-thread-message: parameter header onbehalfof is optional in the vendor's spec",
      "send-thread-message: parameter query id is only in the vendor's spec",
      "send-thread-message: parameter path id is only in ours",
    ]);
  });

  test("names a request-body enum that differs and a 200 property only one side has", () => {
    const changed = vendor();
    const body = (((thread(changed).requestBody as JsonObject).content as JsonObject)["application/json"] as JsonObject)
      .schema as JsonObject;
    ((body.properties as JsonObject).receiverType as JsonObject).enum = ["user", "group", "channel"];
    const message = (changed.components.schemas as JsonObject).messageSchema as JsonObject;
    (message.properties as JsonObject).pinnedAt = { type: "integer" };
    expect(only(fidelityDifferences(ours, same(changed)))).toEqual([
      "send-thread-message: request body enum of receiverType is [channel|group|user] in the vendor's spec, [group|user] in ours",
      "send-thread-message: 200 response property data.pinnedAt is only in the vendor's spec",
    ]);
  });

  test("names a parameter whose schema type differs", () => {
    const changed = vendor();
    const params = thread(changed).parameters as JsonObject[];
    params[1] = { ...params[1], schema: { type: "integer" } };
    expect(only(fidelityDifferences(ours, same(changed)))).toEqual([
      "send-thread-message: parameter path id is of type integer in the vendor's spec, string in ours",
    ]);
  });

  test("names a vendor parameter $ref that resolves nowhere, and still compares the rest", () => {
    const changed = vendor();
    (thread(changed).parameters as JsonObject[]).push({ $ref: "#/components/parameters/missing" });
    expect(only(fidelityDifferences(ours, same(changed)))).toEqual([
      "send-thread-message: the vendor's parameter #/components/parameters/missing does not resolve",
    ]);
  });

  test("names a vendor body schema $ref that resolves nowhere, and leaves what our body declares there unreported", () => {
    const changed = vendor();
    const media = ((thread(changed).requestBody as JsonObject).content as JsonObject)["application/json"] as JsonObject;
    media.schema = { $ref: "#/components/schemas/missing" };
    expect(only(fidelityDifferences(ours, same(changed)))).toEqual([
      "send-thread-message: the vendor's request body (root) #/components/schemas/missing does not resolve",
    ]);
  });

  test("names, by its own id, a vendor operation on our path template under other parameter names", () => {
    const changed = vendor();
    changed.paths["/messages/{messageId}/thread"] = { post: { ...thread(changed), operationId: "reply-in-thread" } };
    const folded = fidelityDifferences(ours, same(changed)).filter((d) => d.startsWith("reply-in-thread"));
    expect(folded).toEqual([
      "reply-in-thread: POST /messages/{messageId}/thread is the path template of send-thread-message (/messages/{id}/thread), kept once in ours",
    ]);
  });

  test("validates the vendor's 2xx examples: a field our schema requires and the example lacks is named", () => {
    const changed = vendor();
    const ok = ((thread(changed).responses as JsonObject)["200"] as JsonObject).content as JsonObject;
    const example = structuredClone((ok["application/json"] as JsonObject).example) as { data: Record<string, unknown> };
    delete example.data.sentAt;
    (ok["application/json"] as JsonObject).example = example as unknown as JsonObject;
    const failures = vendorExampleReport(ours, same(changed)).failures.filter((f) => f.startsWith("send-thread-message"));
    expect(failures).toEqual([
      "send-thread-message: the vendor's 200 example example fails our schema at $.data.sentAt: required property is missing",
    ]);
  });

  test("names a property a vendor 2xx example shows and our schema does not declare", () => {
    const changed = vendor();
    const ok = ((thread(changed).responses as JsonObject)["200"] as JsonObject).content as JsonObject;
    const example = structuredClone((ok["application/json"] as JsonObject).example) as { data: Record<string, unknown> };
    example.data.pinnedAt = 1_718_445_700;
    (ok["application/json"] as JsonObject).example = example as unknown as JsonObject;
    const lines = undeclaredExampleProperties(ours, same(changed)).filter((f) => f.startsWith("send-thread-message"));
    expect(lines).toEqual(["send-thread-message: the vendor's 200 example example has $.data.pinnedAt, which our schema does not declare"]);
  });

  test("names an operation the vendor does not have", () => {
    const changed = vendor();
    delete (changed.paths["/messages/{id}/thread"] as JsonObject).post;
    expect(only(fidelityDifferences(ours, same(changed)))).toEqual([
      "send-thread-message: POST /messages/{id}/thread is not in the vendor's spec",
    ]);
  });
});
