/** A new id for one call, shared by its attempts, its log lines, its spans and its middleware hooks. */
export const newCallId = (): string => Math.random().toString(36).slice(2, 11);
