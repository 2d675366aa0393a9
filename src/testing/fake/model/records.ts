// Internal: operations that store what they are sent and answer with it: create, read, change,
// list and delete records by id, with the 404 and the 409 of the service's resources.
import type { Records } from "../state/domain-store";
import { badField, FakeError } from "../pipeline/fake-error";
import { type FakeStore, nowSeconds } from "../state/fake-store";
import type { Handler, HandlerContext } from "./handler";
import { pick } from "./pick";

export interface RecordKind {
  /** Name of the store, for example `rules`. */
  kind: string;
  /** Path parameter that names a record. */
  param: string;
  /** What the service calls one record in its messages, for example `rule`. */
  label: string;
  /** 404 code, for example `ERR_RULE_NOT_FOUND`. */
  notFound: string;
  /** Body fields a request may set; the id, when listed, only on create. */
  fields: readonly string[];
  /** Fields a new record must have, where the answer's schema requires them and the request's does not. */
  required?: readonly string[];
  /** Turns a body's values into the stored ones (for example a comma-separated list into an array). */
  shape?: (values: Record<string, unknown>, store: FakeStore, stored?: Record<string, unknown>) => Record<string, unknown>;
}

export function records(store: FakeStore, kind: RecordKind): Records {
  return store.domain.kind(kind.kind);
}

export function requireRecord(store: FakeStore, kind: RecordKind, id: string): Record<string, unknown> {
  const record = records(store, kind).get(id);
  if (!record) throw new FakeError(404, kind.notFound, `No ${kind.label} with ID ${id} exists.`);
  return record;
}

/** Stores a new record; its id comes from the body, or is given by the fake when the body has none. */
export function createRecord(store: FakeStore, kind: RecordKind, body: unknown): Record<string, unknown> {
  const values = pick(body, kind.fields);
  for (const field of kind.required ?? []) if (values[field as keyof typeof values] === undefined) throw badField(field, "is required");
  const id = values.id === undefined ? store.domain.nextId() : String(values.id);
  const all = records(store, kind);
  if (all.has(id))
    throw new FakeError(
      409,
      `ERR_${kind.label.toUpperCase().replace(/ /g, "_")}_ALREADY_EXISTS`,
      `A ${kind.label} with ID ${id} already exists.`,
    );
  store.claim();
  const now = nowSeconds(store);
  const record = { ...(kind.shape ? kind.shape(values, store) : values), id, createdAt: now, updatedAt: now };
  all.set(id, record);
  return record;
}

export function updateRecord(store: FakeStore, kind: RecordKind, id: string, body: unknown): Record<string, unknown> {
  const record = requireRecord(store, kind, id);
  const { id: _id, ...values } = pick(body, kind.fields);
  Object.assign(record, kind.shape ? kind.shape(values, store, record) : values, { updatedAt: nowSeconds(store) });
  return record;
}

/** The records in the order they were created, at most `limit` of them, with the slice's size. */
export function listRecords(store: FakeStore, kind: RecordKind, query: HandlerContext["query"] = {}) {
  const limit = (query.limit as number | undefined) ?? 100;
  const data = [...records(store, kind).values()].slice(0, limit).map((record) => structuredClone(record));
  return { data, meta: { current: { limit, count: data.length } } };
}

/** The five operations of one kind: list, create, get, update, delete (answered with `deleted`). */
export function recordHandlers(
  kind: RecordKind,
  ids: { list: string; create: string; get: string; update: string; delete: string },
  deleted: (id: string) => unknown,
): Record<string, Handler> {
  return {
    [ids.list]: ({ store, query }) => listRecords(store, kind, query),
    [ids.create]: ({ store, body }) => ({ data: structuredClone(createRecord(store, kind, body)) }),
    [ids.get]: ({ store, path }) => ({ data: structuredClone(requireRecord(store, kind, path[kind.param]!)) }),
    [ids.update]: ({ store, path, body }) => ({ data: structuredClone(updateRecord(store, kind, path[kind.param]!, body)) }),
    [ids.delete]: ({ store, path }) => {
      const id = path[kind.param]!;
      requireRecord(store, kind, id);
      records(store, kind).delete(id);
      return deleted(id);
    },
  };
}
