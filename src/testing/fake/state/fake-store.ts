// Internal: the fake's model of one app: its users, groups and messages, and the bound on how
// many items it keeps.
import type { AuthToken, Group, Message, User } from "../../../types";
import { DomainStore } from "./domain-store";
import { JournaledMap, StoreJournal } from "./store-journal";
import { FakeError } from "../pipeline/fake-error";
import type { FiredTrigger } from "../deliveries/fired-triggers";
import { FakeClock } from "../time/fake-clock";
import { COLLECTIONS } from "./collections";
import type { StoredWebhook } from "../model/webhooks";

/** The apps of a fake's account besides the one a store models, as the Management API sees them. */
export interface AppDirectory {
  /** The records of the apps the fake was started with, but the store's own, in the order given. */
  startedWith(): Record<string, unknown>[];
  /** Starts serving an app created through the Management API, with the keys its record names. */
  serve(record: Record<string, unknown>): void;
  /** Stops serving an app created through the Management API. */
  forget(appId: string): void;
}

export type Scope = "admin" | "moderator" | "participant";

export interface StoredUser {
  user: User;
  /** Set by a soft delete: the user is gone from every read, but the UID stays taken. */
  deletedAt?: number;
  /** Set by deactivate-users: left out of lists unless asked for. */
  deactivatedAt?: number;
}

export interface Membership {
  scope: Scope;
  joinedAt: number;
}

/**
 * A message as stored, with its thread, edit and deletion marks; or an action message (`category`
 * `action`), the service's record of an edit, a deletion or a change of a group's members.
 */
export type StoredMessage = Omit<Message, "category"> & { category: Message["category"] | "action" };

/**
 * Told of each change the service reports by webhook: the trigger, and the `data` of the event as
 * the service sends it (see the webhook event schemas of the spec).
 */
export type FakeEventListener = (trigger: FiredTrigger, data: Record<string, unknown>) => void;

/** Unix time in seconds on the fake's clock, as every timestamp of the service. */
export const nowSeconds = (store: FakeStore): number => store.clock.seconds();

export class FakeStore {
  /** The open transaction, if any: every map of the model below records in it. */
  private readonly journal = new StoreJournal();
  readonly users: Map<string, StoredUser> = new JournaledMap(this.journal);
  readonly authTokens: Map<string, Map<string, AuthToken>> = new JournaledMap(this.journal);
  readonly friends: Map<string, Set<string>> = new JournaledMap(this.journal);
  /** Blocker's UID to blocked UIDs, each with when it was blocked. */
  readonly blocks: Map<string, Map<string, number>> = new JournaledMap(this.journal);
  readonly groups: Map<string, Group> = new JournaledMap(this.journal);
  readonly members: Map<string, Map<string, Membership>> = new JournaledMap(this.journal);
  readonly bans: Map<string, Map<string, number>> = new JournaledMap(this.journal);
  readonly messages: Map<string, StoredMessage> = new JournaledMap(this.journal);
  /** Conversations' marks, reactions, flags, roles, keys, notification and moderation records, apps. */
  readonly domain = new DomainStore(this.journal);
  /** The last message id given (ids are numbers, as strings); a snapshot carries it. */
  lastMessageId = 0;
  /** Who hears of the changes: the webhook deliveries. A model function calls {@link emit} after a change is stored. */
  readonly listeners: FakeEventListener[] = [];
  /** The Management API's webhooks of the served app, by ID, with their triggers. */
  readonly webhooks: Map<string, StoredWebhook> = new JournaledMap(this.journal);
  /**
   * The app the fake serves: the only one whose webhooks the Management API keeps, which always
   * exists there, and whose hosts the Chat and Calls APIs answer on. Named here alone.
   */
  appId = "";
  /** The app's region, as the Management API lists it and every webhook event carries it. */
  region = "us";
  /**
   * The other apps of the fake's account, for the Management API's list, create and delete:
   * set on the fake's first app, the one that answers the Management API's account-wide operations.
   */
  directory: AppDirectory | undefined;
  /**
   * Items stored at the last count plus the room claimed since, or undefined when the store must be
   * counted again. Every model function claims before it stores, so this is never below
   * {@link size}; deletions leave it above, until the next count.
   */
  private counted: number | undefined = 0;
  /** The changes reported within the open transaction: told to the listeners once it is kept. */
  private unreported: [FiredTrigger, Record<string, unknown>][] = [];
  /**
   * Counts the resets and restores: a request notes it when it arrives, and is not applied when
   * the state it arrived at was replaced before its turn came.
   */
  generation = 0;

  constructor(
    readonly maxItems: number,
    /** The fake's time: every timestamp stored is read from it. */
    readonly clock: FakeClock = new FakeClock(),
  ) {}

  /**
   * Reports a stored change to every listener, as the service fires a webhook trigger; within a
   * transaction, once the transaction is kept (a refused request fires nothing).
   */
  emit(trigger: FiredTrigger, data: Record<string, unknown>): void {
    if (this.journal.open) this.unreported.push([trigger, data]);
    else for (const listener of this.listeners) listener(trigger, data);
  }

  /**
   * Runs `write` as one transaction: when it throws, every change it made to the model is put back
   * and nothing is reported, so a refused request (or a seed that fails midway) stores nothing.
   */
  transaction<T>(write: () => T): T {
    const { lastMessageId } = this;
    const lastRecordId = this.domain.lastId;
    this.journal.begin();
    let result: T;
    try {
      result = write();
    } catch (error) {
      this.journal.rollback();
      this.lastMessageId = lastMessageId;
      this.domain.lastId = lastRecordId;
      this.unreported = [];
      this.recount();
      throw error;
    }
    this.journal.commit();
    const reported = this.unreported;
    this.unreported = [];
    for (const [trigger, data] of reported) this.emit(trigger, data);
    return result;
  }

  /** Empties every collection of the model ({@link COLLECTIONS}) and the id counters. */
  reset(): void {
    this.generation++;
    for (const collection of COLLECTIONS) collection.map(this).clear();
    this.lastMessageId = 0;
    this.domain.lastId = 0;
    this.counted = undefined;
  }

  /** Everything stored, as each collection of the model counts it ({@link COLLECTIONS}). */
  size(): number {
    let size = 0;
    for (const collection of COLLECTIONS) size += collection.count(collection.map(this));
    return size;
  }

  /**
   * Throws the cap's answer when `count` more items would pass `maxItems`, and counts them as
   * stored otherwise. The store is walked ({@link size}) only when the running count says the cap
   * is near, or after {@link recount}: a write costs the same in a store of 40,000 items as in an
   * empty one, instead of a walk of every nested map each time.
   */
  claim(count = 1): void {
    if (this.counted === undefined || this.counted + count > this.maxItems) this.counted = this.size();
    if (this.counted + count <= this.maxItems) {
      this.counted += count;
      return;
    }
    throw new FakeError(
      403,
      "ERR_PLAN_QUOTA_RESTRICTION",
      `The fake stores at most ${this.maxItems} items (its maxItems option) and is full: reset() it, or start it with a larger maxItems.`,
    );
  }

  /** Makes the next {@link claim} count the store afresh: for code that fills it without claiming (a restore, say). */
  recount(): void {
    this.counted = undefined;
  }

  nextMessageId(): string {
    return String(++this.lastMessageId);
  }

  /** A user that exists and is not deleted, or undefined. */
  liveUser(uid: string): StoredUser | undefined {
    const stored = this.users.get(uid.toLowerCase());
    return stored && stored.deletedAt === undefined ? stored : undefined;
  }

  membersOf(guid: string): Map<string, Membership> {
    let members = this.members.get(guid);
    if (!members) this.members.set(guid, (members = new Map()));
    return members;
  }

  isBlocked(blocker: string, blocked: string): boolean {
    return this.blocks.get(blocker)?.has(blocked) ?? false;
  }
}
