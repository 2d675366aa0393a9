/**
 * The `[name, value]` pairs of headers given as a `Headers`, pairs or a plain object: each of
 * them iterates as pairs but the object, whose entries are its pairs.
 */
export const headerEntries = (headers: object): Iterable<[string, unknown]> =>
  headers instanceof Headers || Array.isArray(headers) ? (headers as Iterable<[string, unknown]>) : Object.entries(headers);
