// The helpers' checks of their input: each throws a ChatConfigError naming the helper and the
// field, so that nothing is sent for input the service would refuse or misread.
import { ChatConfigError, type components } from "chat-rest-sdk";

type Schemas = components["schemas"];

/** A user as the helpers take it: the body of `POST /users`, without `withAuthToken` (which `issueAuthToken` sets). */
export type UserInput = Omit<Schemas["CreateUserRequest"], "withAuthToken">;

/** A group as the helpers take it: the body of `POST /groups`, without `members` (which `syncGroupMembers` makes match). */
export type GroupInput = Omit<Schemas["CreateGroupRequest"], "members">;

/** What to do with a user or group that exists already. */
export type OnExists = "keep" | "update";

// UIDs and GUIDs: at most 100 letters, digits, `-` and `_` (the spec's pattern and maxLength).
const ID = /^[A-Za-z0-9_-]{1,100}$/;

const show = (value: unknown) =>
  typeof value === "string"
    ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
    : typeof value === "object"
      ? value === null
        ? "null"
        : Array.isArray(value)
          ? "an array"
          : "an object"
      : String(value);

const fail = (where: string, message: string): never => {
  throw new ChatConfigError(`${where} ${message}; nothing was sent.`);
};

/** A UID or GUID, returned in lower case: the service stores them so, and compares them so. */
export function checkId(where: string, value: unknown): string {
  if (typeof value !== "string" || !ID.test(value)) fail(where, `must be 1 to 100 letters, digits, "-" or "_", got ${show(value)}`);
  return (value as string).toLowerCase();
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type FieldCheck = (where: string, value: unknown) => void;

const text =
  (max?: number): FieldCheck =>
  (where, value) => {
    if (typeof value !== "string") fail(where, `must be a string, got ${show(value)}`);
    if (max !== undefined && (value as string).length > max) fail(where, `must be at most ${max} characters`);
  };
const oneOf =
  (...allowed: string[]): FieldCheck =>
  (where, value) => {
    if (typeof value !== "string" || !allowed.includes(value)) fail(where, `must be one of ${allowed.join(", ")}, got ${show(value)}`);
  };
const object: FieldCheck = (where, value) => {
  if (!isPlainObject(value)) fail(where, `must be an object, got ${show(value)}`);
};
const tags: FieldCheck = (where, value) => {
  if (!Array.isArray(value)) return fail(where, `must be an array of strings, got ${show(value)}`);
  if (value.length > 25) fail(where, `holds ${value.length} tags; the service takes at most 25`);
  for (const [i, tag] of value.entries()) text(100)(`${where}[${i}]`, tag);
};
const id: FieldCheck = (where, value) => void checkId(where, value);

const USER_FIELDS: Record<keyof UserInput, FieldCheck> = {
  uid: id,
  name: text(100),
  avatar: text(3000),
  link: text(3000),
  role: text(),
  statusMessage: text(),
  metadata: object,
  tags,
};

const GROUP_FIELDS: Record<keyof GroupInput, FieldCheck> = {
  guid: id,
  name: text(100),
  type: oneOf("public", "private", "password"),
  password: text(),
  icon: text(3000),
  description: text(255),
  metadata: object,
  owner: id,
  tags,
};

const HINTS: Record<string, string> = {
  withAuthToken: "issueAuthToken creates the user's auth token",
  members: "syncGroupMembers makes a group's members match a list",
};

function checkFields<T>(where: string, value: unknown, fields: Record<string, FieldCheck>, required: string[]): T {
  if (!isPlainObject(value)) return fail(where, `must be an object, got ${show(value)}`);
  for (const [key, field] of Object.entries(value)) {
    const check = fields[key];
    if (!check) fail(`${where}.${key}`, `is not a field it takes${HINTS[key] ? ` (${HINTS[key]})` : ""}`);
    else if (field !== undefined) check(`${where}.${key}`, field);
  }
  for (const key of required) if (value[key] === undefined) fail(`${where}.${key}`, "is required");
  return value as T;
}

/** A user body: the fields of `POST /users`, each of its type and within its limits, and no other. */
export const checkUser = (where: string, value: unknown): UserInput => checkFields(where, value, USER_FIELDS, ["uid", "name"]);

/** A group body: the fields of `POST /groups` but `members`, each of its type and within its limits, and no other. */
export const checkGroup = (where: string, value: unknown): GroupInput => checkFields(where, value, GROUP_FIELDS, ["guid", "name"]);

/** An options object (or nothing), with only the keys the helper takes. */
export function checkOptions<T extends object>(where: string, value: unknown, keys: readonly string[]): Partial<T> {
  if (value === undefined) return {};
  if (!isPlainObject(value)) return fail(where, `must be an object, got ${show(value)}`);
  for (const key of Object.keys(value))
    if (!keys.includes(key)) fail(`${where}.${key}`, `is not an option; the options are ${keys.join(", ")}`);
  return value as Partial<T>;
}

export function checkOnExists(where: string, value: unknown): OnExists {
  if (value === undefined) return "keep";
  oneOf("keep", "update")(where, value);
  return value as OnExists;
}

export function checkFlag(where: string, value: unknown): boolean {
  if (value !== undefined && typeof value !== "boolean") fail(where, `must be true or false, got ${show(value)}`);
  return value === true;
}

export function checkCount(where: string, value: unknown, fallback: number, max = 1000): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > max)
    fail(where, `must be an integer from 1 to ${max}, got ${show(value)}`);
  return value as number;
}

export function checkFunction<F>(where: string, value: unknown): F | undefined {
  if (value !== undefined && typeof value !== "function") fail(where, `must be a function, got ${show(value)}`);
  return value as F | undefined;
}

/** A client of the Chat API, as `createChatClient` returns it. */
export function checkClient(where: string, value: unknown): void {
  const client = value as { GET?: unknown; POST?: unknown; PUT?: unknown; DELETE?: unknown } | null;
  if (
    typeof client !== "object" ||
    client === null ||
    [client.GET, client.POST, client.PUT, client.DELETE].some((m) => typeof m !== "function")
  )
    fail(where, "must be a client from createChatClient");
}

/** An array (of anything: its items are checked one by one). */
export function checkArray(where: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) fail(where, `must be an array, got ${show(value)}`);
  return value as unknown[];
}

/** An AbortSignal, or nothing. */
export function checkSignal(where: string, value: unknown): void {
  if (value !== undefined && !(value instanceof AbortSignal)) fail(where, `must be an AbortSignal, got ${show(value)}`);
}
