// Internal: the parts of the fake's model around the core: what each user has read and received
// of each conversation, reactions, flags, roles, API keys, notification and moderation records,
// and the Management API's apps and their settings. Each map is a row of ./collections.ts, which
// counts, resets, snapshots and restores it with the core.
import { JournaledMap, type StoreJournal } from "./store-journal";

/** How far one user got in one conversation, and what they set on it. */
export interface ConversationMarks {
  /** The highest message id the user read; later messages from others are unread. */
  readUpTo?: number;
  /** The highest message id that reached the user. */
  deliveredUpTo?: number;
  /** Messages up to this id are hidden from the user (a reset conversation). */
  resetAt?: number;
  tags?: string[];
  updatedAt?: number;
}

export interface StoredReaction {
  id: string;
  messageId: string;
  reaction: string;
  uid: string;
  reactedAt: number;
}

/** A store of records by id, counted one per record. */
export type Records = Map<string, Record<string, unknown>>;

export class DomainStore {
  /** UID, then conversation id, to that user's marks. */
  readonly marks: Map<string, Map<string, ConversationMarks>>;
  /** Message id to its reactions, oldest first. */
  readonly reactions: Map<string, StoredReaction[]>;
  readonly flags: Records;
  readonly roles: Records;
  /** Role to the restricted feature keys, each with when it was restricted. */
  readonly restricted: Map<string, Map<string, number>>;
  /** Role, or `group:<guid>:<scope>`, to the permissions set on it. */
  readonly permissions: Map<string, Map<string, unknown>>;
  readonly apiKeys: Records;
  readonly apps: Records;
  /** App id to the settings mapped on it. */
  readonly appSettings: Map<string, Map<string, boolean>>;
  /** Moderation reasons, rules and keyword lists; notification records (settings, preferences, providers, tokens). */
  readonly records: Map<string, Records>;
  /** The last id given to a record; a snapshot carries it. */
  lastId = 0;

  /** Every map records in `journal`, the store's, so a refused request's changes are put back. */
  constructor(journal: StoreJournal) {
    this.marks = new JournaledMap(journal);
    this.reactions = new JournaledMap(journal);
    this.flags = new JournaledMap(journal);
    this.roles = new JournaledMap(journal);
    this.restricted = new JournaledMap(journal);
    this.permissions = new JournaledMap(journal);
    this.apiKeys = new JournaledMap(journal);
    this.apps = new JournaledMap(journal);
    this.appSettings = new JournaledMap(journal);
    this.records = new JournaledMap(journal);
  }

  nextId(): string {
    return String(++this.lastId);
  }

  marksOf(uid: string, conversationId: string): ConversationMarks {
    let byConversation = this.marks.get(uid);
    if (!byConversation) this.marks.set(uid, (byConversation = new Map()));
    let marks = byConversation.get(conversationId);
    if (!marks) byConversation.set(conversationId, (marks = {}));
    return marks;
  }

  /** One kind of record (for example `rules`), created on first use. */
  kind(name: string): Records {
    let records = this.records.get(name);
    if (!records) this.records.set(name, (records = new Map()));
    return records;
  }
}
