/**
 * A new call id: nine base-36 characters. Every call gets one, shared by its attempts, its log
 * lines, its middleware hooks and, when it is traced, its messages on the diagnostics channels.
 */
export const newCallId = (): string => Math.random().toString(36).slice(2, 11);
