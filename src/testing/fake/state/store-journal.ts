// Internal: what one write to the fake's model changed, so that a refused request, or a seed that
// throws, stores nothing. The model's code reads and writes the store's maps directly and changes
// the records it reads in place; so each map of the store keeps, on the first touch of an entry
// within a transaction, a copy of that entry as it was, and a rollback puts every touched entry
// back. A transaction costs a copy of the entries it touches, never a copy of the whole store.
//
// An entry read by key (`get`) is copied all the way down, since the model changes what it reads
// at any depth (a message's `data`, a member's scope); one replaced or deleted first is kept as
// it is, since nothing reaches it any more. An entry met while
// iterating a map is copied one level down only (an object's fields, a map's or set's entries):
// the writes that walk a whole map (deleting a user from every group, a receipt walking the
// messages) change at most that level, and a deep copy of every message for each walk would make
// a receipt cost as much as a snapshot. A model function that changes a record deeper than one
// level must reach it by key.

/** An entry as it was before the transaction first touched it. */
interface Kept {
  had: boolean;
  before: unknown;
  /** Whether `before` is a copy all the way down, or one level only (the entry was only iterated). */
  deep: boolean;
}

/** The open transaction of one store, if any: the models run synchronously, so there is at most one. */
export class StoreJournal {
  private kept: Map<JournaledMap<unknown, unknown>, Map<unknown, Kept>> | undefined;

  get open(): boolean {
    return this.kept !== undefined;
  }

  begin(): void {
    if (this.kept) throw new Error("The fake's store is already in a transaction.");
    this.kept = new Map();
  }

  /** Keeps what the transaction wrote. */
  commit(): void {
    this.kept = undefined;
  }

  /** Puts back every entry the transaction touched, as it was when first touched. */
  rollback(): void {
    const kept = this.kept;
    this.kept = undefined;
    for (const [map, entries] of kept ?? []) for (const [key, entry] of entries) map.putBack(key, entry);
  }

  /** The entries of `map` kept in the open transaction, or undefined when none is open. */
  keptOf(map: JournaledMap<unknown, unknown>): Map<unknown, Kept> | undefined {
    if (!this.kept) return undefined;
    let entries = this.kept.get(map);
    if (!entries) this.kept.set(map, (entries = new Map()));
    return entries;
  }
}

/**
 * A copy of a value of the model: plain objects, arrays, maps and sets all the way down (a frozen
 * part of a snapshot comes back unfrozen, as a restore makes it).
 */
function copyOf<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (value instanceof Map) return new Map([...value].map(([key, inner]) => [key, copyOf(inner)])) as T;
  if (value instanceof Set) return new Set([...value].map(copyOf)) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyOf((value as Record<string, unknown>)[key]);
  return copy as T;
}

/** A copy one level down: what it holds is shared. */
function shallowCopyOf<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return [...value] as T;
  if (value instanceof Map) return new Map(value) as T;
  if (value instanceof Set) return new Set(value) as T;
  return { ...value };
}

/** A map of the store whose entries a transaction can put back. Outside a transaction, it is a Map. */
export class JournaledMap<K, V> extends Map<K, V> {
  // Not a parameter property: Map's constructor runs before those are assigned.
  private readonly journal: StoreJournal;

  constructor(journal: StoreJournal) {
    super();
    this.journal = journal;
  }

  /**
   * On the first touch of `key` in a transaction, keeps the entry as it was. A read by key keeps a
   * copy all the way down, a walk a copy one level down; a write or a deletion keeps the value
   * itself, which nothing can reach once it is replaced.
   */
  private keep(key: K, touch: "read" | "walk" | "write"): void {
    const kept = this.journal.keptOf(this as JournaledMap<unknown, unknown>);
    if (!kept) return;
    const entry = kept.get(key);
    if (entry) {
      // Met while walking, now read by key: what it holds is still as it was, copy it too.
      if (touch === "read" && !entry.deep) Object.assign(entry, { before: copyOf(entry.before), deep: true });
      return;
    }
    const had = super.has(key);
    const value = had ? super.get(key) : undefined;
    const before = touch === "read" ? copyOf(value) : touch === "walk" ? shallowCopyOf(value) : value;
    kept.set(key, { had, deep: touch !== "walk", before });
  }

  /** Every entry is about to be iterated: each is kept one level down first. */
  private keepAll(): void {
    if (this.journal.open) for (const key of super.keys()) this.keep(key, "walk");
  }

  /** Puts an entry back as it was kept (by the journal's rollback). */
  putBack(key: K, { had, before }: Kept): void {
    if (had) super.set(key, before as V);
    else super.delete(key);
  }

  override get(key: K): V | undefined {
    this.keep(key, "read");
    return super.get(key);
  }

  override set(key: K, value: V): this {
    this.keep(key, "write");
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.keep(key, "write");
    return super.delete(key);
  }

  override clear(): void {
    this.keepAll();
    super.clear();
  }

  override values(): MapIterator<V> {
    this.keepAll();
    return super.values();
  }

  override entries(): MapIterator<[K, V]> {
    this.keepAll();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    this.keepAll();
    return super.entries();
  }

  override forEach(each: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    this.keepAll();
    super.forEach(each, thisArg);
  }
}
