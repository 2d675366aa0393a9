// Internal: what one write to the fake's model changed, so that a refused request, or a seed that
// throws, stores nothing. The model's code reads and writes the store's maps directly and changes
// the records it reads in place; so each map of the store keeps, on the first touch of an entry
// within a transaction (read, written, deleted or iterated), a copy of that entry as it was, and a
// rollback puts every touched entry back. A transaction costs a copy of the entries it touches,
// never a copy of the whole store.

type Undo = () => void;

/** The open transaction of one store, if any: the models run synchronously, so there is at most one. */
export class StoreJournal {
  private undos: Undo[] | undefined;
  private readonly touched = new Map<JournaledMap<unknown, unknown>, Set<unknown>>();

  get open(): boolean {
    return this.undos !== undefined;
  }

  begin(): void {
    if (this.undos) throw new Error("The fake's store is already in a transaction.");
    this.undos = [];
  }

  /** Keeps what the transaction wrote. */
  commit(): void {
    this.undos = undefined;
    this.touched.clear();
  }

  /** Puts back every entry the transaction touched, as it was when first touched. */
  rollback(): void {
    const undos = this.undos ?? [];
    this.commit();
    for (let i = undos.length - 1; i >= 0; i--) undos[i]!();
  }

  /** Whether `key` of `map` is touched for the first time in the open transaction (false when none is open). */
  firstTouch(map: JournaledMap<unknown, unknown>, key: unknown): boolean {
    if (!this.undos) return false;
    let keys = this.touched.get(map);
    if (!keys) this.touched.set(map, (keys = new Set()));
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  }

  record(undo: Undo): void {
    this.undos?.push(undo);
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

/** A map of the store whose entries a transaction can put back. Outside a transaction, it is a Map. */
export class JournaledMap<K, V> extends Map<K, V> {
  // Not a parameter property: Map's constructor runs before those are assigned.
  private readonly journal: StoreJournal;

  constructor(journal: StoreJournal) {
    super();
    this.journal = journal;
  }

  /** On the first touch of `key` in a transaction, remembers how to put the entry back. */
  private keep(key: K): void {
    if (!this.journal.firstTouch(this as JournaledMap<unknown, unknown>, key)) return;
    if (super.has(key)) {
      const before = copyOf(super.get(key) as V);
      this.journal.record(() => super.set(key, before));
    } else this.journal.record(() => super.delete(key));
  }

  /** Every entry is about to be read or changed: each is kept first. */
  private keepAll(): void {
    if (this.journal.open) for (const key of super.keys()) this.keep(key);
  }

  override get(key: K): V | undefined {
    this.keep(key);
    return super.get(key);
  }

  override set(key: K, value: V): this {
    this.keep(key);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.keep(key);
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
