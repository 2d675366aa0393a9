// A response type is only as good as what it declares: an object with no properties becomes an open
// map (or, without additionalProperties, Record<string, never>) that promises nothing. The app's own
// free-form objects are the only ones the service leaves open.
import { loadSpec } from "../harness/spec";

const FREE_FORM = /\/(metadata|customData|customJson|appInfo)(\/oneOf\/\d+)?$/i;
/** The `data` of a webhook event whose payload the service's documentation does not show (its description says so). */
const UNDOCUMENTED_EVENT_DATA = /^#\/components\/schemas\/\w+Event\/properties\/data$/;

/** JSON pointers of the object schemas with no declared shape, below `node`. */
function bareObjects(node: unknown, at: string, out: string[] = []): string[] {
  if (!node || typeof node !== "object") return out;
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) bareObjects(item, `${at}/${i}`, out);
    return out;
  }
  const schema = node as Record<string, unknown>;
  const shapeless =
    !schema.properties && !schema.oneOf && !schema.allOf && !schema.anyOf && typeof schema.additionalProperties !== "object";
  if (schema.type === "object" && shapeless) out.push(at);
  for (const [key, value] of Object.entries(schema)) if (key !== "example" && key !== "examples") bareObjects(value, `${at}/${key}`, out);
  return out;
}

test("no schema of the spec is a bare object, apart from the app's free-form metadata, customData and customJson", () => {
  const spec = loadSpec();
  const schemas = spec.components.schemas as Record<string, { properties?: Record<string, { description?: string }> }>;
  const undocumented = (pointer: string) =>
    UNDOCUMENTED_EVENT_DATA.test(pointer) &&
    /shows no payload/.test(schemas[pointer.split("/")[3] ?? ""]?.properties?.data?.description ?? "");
  const bare = bareObjects(spec.components, "#/components").filter((pointer) => !FREE_FORM.test(pointer) && !undocumented(pointer));
  // Request bodies may take the caller's own free-form data (an auth token's appInfo); responses may not.
  expect(bare.filter((pointer) => !/Request\//.test(pointer))).toEqual([]);
});
