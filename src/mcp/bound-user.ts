import type { JsonSchema, OperationTool } from "./operation-tool.js";

// The spec's ways of naming the acting user in a description: "the user named in `onBehalfOf`",
// "the user given in `onBehalfOf`", "the user in `onBehalfOf`", "the `onBehalfOf` user".
const ACTING_USER = /the (?:user (?:named |given )?in `onBehalfOf`|`onBehalfOf` user)/g;

/** `text` with the acting user named by its UID, as the agent of a bound server has no `onBehalfOf` to give. */
export function nameActingUser(text: string, uid: string): string {
  return text.replace(ACTING_USER, `the user \`${uid}\``).replaceAll("`onBehalfOf`", `\`${uid}\``);
}

/** A schema whose descriptions, at every depth, name `uid` where they named the `onBehalfOf` user. */
function schemaFor(node: unknown, uid: string): unknown {
  if (Array.isArray(node)) return node.map((item) => schemaFor(item, uid));
  if (!node || typeof node !== "object") return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    // `properties` maps field names to schemas: a field named `description` is a schema, not a text.
    if (key === "description" && typeof value === "string") out[key] = nameActingUser(value, uid);
    else out[key] = schemaFor(value, uid);
  }
  return out;
}

/**
 * The operation as a server bound to `boundUid` offers it: no `onBehalfOf` argument, and texts
 * that name the user it acts as, so the agent knows who it is and is never told of an argument
 * it cannot give. Operations without `onBehalfOf` act as the app and are offered as they are.
 */
export function boundTool(tool: OperationTool, boundUid: string | undefined): OperationTool {
  if (boundUid === undefined || tool.onBehalfOf === "none") return tool;
  const { onBehalfOf: _argument, ...properties } = tool.inputSchema.properties;
  const required = tool.inputSchema.required?.filter((name) => name !== "onBehalfOf");
  const { onBehalfOf: _example, ...example } = tool.example;
  const inputSchema = {
    ...tool.inputSchema,
    properties: schemaFor(properties, boundUid) as Record<string, JsonSchema>,
    ...(required?.length ? { required } : {}),
  };
  if (!required?.length) delete inputSchema.required;
  const named = nameActingUser(tool.description, boundUid);
  // Said once: a description that already names the user (`as the user \`support-agent\``) needs no more.
  const description = named.includes(`\`${boundUid}\``) ? named : `${named} Acts as user \`${boundUid}\`.`;
  return { ...tool, description, inputSchema, example };
}
