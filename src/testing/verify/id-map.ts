// Internal: the ids and times the service made, linked to the ones the fake made for the same
// thing as the replay goes. A link is made where both answers first show a value at the same
// place; a request of the recording that names a recorded id is then sent with the fake's.

/** Keys whose values the service makes, which a replay maps rather than compares. */
export const ID_KEYS = new Set([
  "id",
  "messageId",
  "parentId",
  "lastMessageId",
  "authToken",
  "apiKey",
  "pushToken",
  "reactionId",
  "appId",
  // Not made by the service: the receiver's address, which a replay replaces with one of its own.
  "webhookURL",
]);
/** A placeholder the recorder put in place of a credential: the replay links it like a made id. */
export const PLACEHOLDER = /^redacted-/;
/** Keys of times (`sentAt`, `updatedAt`, `lastActiveAt`, ...). */
export const TIME_KEY = /(At|Time|timestamp)$/;

export type Link = { kind: "new" } | { kind: "same" } | { kind: "other"; expected: string } | { kind: "taken"; by: string };

/** The recorded ids and times, each with the fake's counterpart. */
export class IdMap {
  private readonly ids = new Map<string, string>();
  private readonly taken = new Map<string, string>();
  private readonly times = new Map<number, number>();

  /** Links a recorded id to the fake's, or says how it disagrees with the links made before. */
  link(recorded: unknown, fake: unknown): Link {
    const [r, f] = [String(recorded), String(fake)];
    const expected = this.ids.get(r);
    if (expected !== undefined) return expected === f ? { kind: "same" } : { kind: "other", expected };
    const by = this.taken.get(f);
    if (by !== undefined) return { kind: "taken", by };
    this.ids.set(r, f);
    this.taken.set(f, r);
    return { kind: "new" };
  }

  /** Links a recorded time to the fake's; the first link of a time stands. */
  linkTime(recorded: number, fake: number): void {
    if (!this.times.has(recorded)) this.times.set(recorded, fake);
  }

  /** A value of the recording as the replay sends it: a linked id or time as the fake's, anything else as it is. */
  request(value: unknown, key?: string): unknown {
    if (typeof value === "number" && key && TIME_KEY.test(key)) return this.times.get(value) ?? value;
    if (typeof value === "string" && key && TIME_KEY.test(key) && /^\d+$/.test(value))
      return String(this.times.get(Number(value)) ?? value);
    if (typeof value !== "string" && typeof value !== "number") return value;
    const mapped = this.ids.get(String(value));
    if (mapped === undefined) return value;
    return typeof value === "number" && /^\d+$/.test(mapped) ? Number(mapped) : mapped;
  }
}
