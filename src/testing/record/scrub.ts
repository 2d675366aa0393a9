// Internal: what keeps credentials and people out of a recording. Credentials are replaced by
// placeholders that are stable within the recording (the same auth token is `redacted-authToken-1`
// wherever it appears, so a replay still links its creation to its later use), and every value
// known to be a credential is searched for once more in the finished line. User ids and message
// texts become pseudonyms (`user-1`, `text-1`), also stable within the recording.
import type { RecordedExchange } from "./recording";

/**
 * Keys whose values are credentials: auth and push tokens, API and access keys, passwords,
 * secrets, and the push providers' and extensions' keys and credentials (`private_key`, `p8Key`,
 * `fcmServerKey`, `serviceAccountCreds`, `fcmCredentials`).
 */
const SECRET_KEY = /(password|secret|token|key|creds?|credentials)$/i;
/** Keys that match the pattern above but name a kind or a file, not a credential. */
const NOT_SECRET = new Set(["tokenType", "pushTokenType", "p8KeyFilename"]);
/** Keys whose values are UIDs (a string, or a list of them). */
const USER_KEYS = new Set([
  "uid",
  "uids",
  "sender",
  "owner",
  "oldOwner",
  "messageSender",
  "onBehalfOf",
  "participants",
  "admins",
  "moderators",
  "usersToBan",
  "blockedUids",
  "accepted",
]);
/** The app itself as a sender: not a person, kept as it is. */
const APP_SENDER = "app_system";
/**
 * Keys whose values are words of the API (`receiverType: "user"`, `scope: "admin"`), never a
 * UID: a user whose UID is `user` or `admin` must not turn them into pseudonyms.
 */
const WORD_KEYS = new Set([
  "receiverType",
  "conversationType",
  "entityType",
  "type",
  "category",
  "scope",
  "status",
  "action",
  "affix",
  "role",
]);
/** Keys of sentences written for people, which may name users among their words. */
const PROSE_KEYS = new Set(["message", "devMessage"]);
/** A conversation between two users, as the service names it. */
const USER_PAIR = "_user_";

const isSecretKey = (key: string) => SECRET_KEY.test(key) && !NOT_SECRET.has(key);

/** Replaces the credentials, user ids and texts of exchanges; one per recording, so that its pseudonyms stay stable. */
export class Scrubber {
  /** Each credential met, with the placeholder that stands for it. */
  private readonly secrets = new Map<string, string>();
  private readonly counters = new Map<string, number>();
  /** Pseudonyms by lower-case UID (the service lower-cases UIDs, so `Ana` and `ana` are one user). */
  private readonly users = new Map<string, string>();
  private readonly texts = new Map<string, string>();
  private readonly labels = new Map<string, string>();

  constructor(
    readonly pseudonyms: boolean,
    secrets: readonly string[] = [],
  ) {
    for (const secret of secrets) this.placeholder("secret", secret);
  }

  private next(kind: string): number {
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    return n;
  }

  /** The placeholder of a credential, the same each time the value is met. */
  placeholder(kind: string, value: string): string {
    let placeholder = this.secrets.get(value);
    if (!placeholder) this.secrets.set(value, (placeholder = `redacted-${kind}-${this.next(`redacted-${kind}`)}`));
    return placeholder;
  }

  /** A label for a credential sent in a header (`apikey-1`), so a replay can tell keys apart without their values. */
  label(kind: string, value: string): string {
    this.placeholder(kind, value);
    let label = this.labels.get(value);
    if (!label) this.labels.set(value, (label = `${kind}-${this.next(`label-${kind}`)}`));
    return label;
  }

  private user(uid: string): string {
    const key = uid.toLowerCase();
    if (key === APP_SENDER) return uid;
    let pseudonym = this.users.get(key);
    if (!pseudonym) this.users.set(key, (pseudonym = `user-${this.next("user")}`));
    return pseudonym;
  }

  private text(text: string): string {
    let pseudonym = this.texts.get(text);
    if (!pseudonym) this.texts.set(text, (pseudonym = `text-${this.next("text")}`));
    return pseudonym;
  }

  /** Notes the UIDs a value holds under the keys that name users, before anything is replaced. */
  private collect(value: unknown, key?: string, parent?: Record<string, unknown>): void {
    if (typeof value === "string") {
      if (key && (USER_KEYS.has(key) || (key === "receiver" && parent?.receiverType === "user")) && value !== "") this.user(value);
    } else if (Array.isArray(value)) for (const item of value) this.collect(item, key, parent);
    else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) this.collect(v, k, value as Record<string, unknown>);
  }

  /** A string that is a known UID, or a conversation of two known UIDs, under its pseudonym. */
  private string(value: string): string {
    if (!this.pseudonyms) return value;
    const known = this.users.get(value.toLowerCase());
    if (known) return known;
    const pair = value.indexOf(USER_PAIR);
    if (pair > 0) {
      const a = this.users.get(value.slice(0, pair).toLowerCase());
      const b = this.users.get(value.slice(pair + USER_PAIR.length).toLowerCase());
      if (a && b) return `${a}${USER_PAIR}${b}`;
    }
    // Lists of UIDs in a query parameter are comma-separated.
    if (value.includes(",")) {
      const parts = value.split(",");
      if (parts.every((part) => this.users.has(part.toLowerCase()))) return parts.map((part) => this.user(part)).join(",");
    }
    return value;
  }

  /** A result of one user in an answer keyed by UID: `{ "success": true, ... }` or an `error`. */
  private isResult(value: unknown): boolean {
    return !!value && typeof value === "object" && ("success" in value || "error" in value);
  }

  /** An error's message names users in its words ("The user ana has blocked ..."): each known UID becomes its pseudonym. */
  private prose(value: string): string {
    if (!this.pseudonyms) return value;
    return value.replace(/[A-Za-z0-9_-]+/g, (word) =>
      word.toLowerCase() === APP_SENDER ? word : (this.users.get(word.toLowerCase()) ?? word),
    );
  }

  private replace(value: unknown, key?: string): unknown {
    if (typeof value === "string") {
      if (key && isSecretKey(key) && value !== "") return this.placeholder(key, value);
      if (key === "text" && this.pseudonyms && value !== "") return this.text(value);
      if (key && PROSE_KEYS.has(key)) return this.prose(value);
      if (key && WORD_KEYS.has(key)) return value;
      return this.string(value);
    }
    if (Array.isArray(value)) return value.map((item) => this.replace(item, key));
    if (value && typeof value === "object")
      // An answer keys its results by UID (`{ "participants": { "ana": { "success": true } } }`); only
      // such a key is a UID, so that a user named `data` leaves the envelope as it is.
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [this.isResult(v) ? this.string(k) : k, this.replace(v, k)]),
      );
    return value;
  }

  /** The exchange without credentials (and, with pseudonyms on, without user ids and texts), as one NDJSON line. */
  line(exchange: RecordedExchange): string {
    if (this.pseudonyms) {
      this.collect(exchange.params.path);
      if (exchange.onBehalfOf) this.user(exchange.onBehalfOf);
      this.collect(exchange.requestBody);
      this.collect(exchange.response?.body);
    }
    const scrubbed = { ...exchange };
    scrubbed.params = this.replace(exchange.params) as RecordedExchange["params"];
    if (exchange.onBehalfOf !== undefined) scrubbed.onBehalfOf = this.string(exchange.onBehalfOf);
    if (exchange.requestBody !== undefined) scrubbed.requestBody = this.replace(exchange.requestBody);
    if (exchange.response) scrubbed.response = { ...exchange.response, body: this.replace(exchange.response.body) };
    let line = JSON.stringify(scrubbed);
    // Last, every credential met so far, wherever it hides (inside a URL, a message, a metadata field).
    for (const [secret, placeholder] of this.secrets)
      if (secret.length >= 4) line = line.split(JSON.stringify(secret).slice(1, -1)).join(placeholder);
    return line;
  }
}
