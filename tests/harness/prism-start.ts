/**
 * How long the tests let a Prism process take to start. It listens within seconds on an idle
 * machine, and several times that when other work shares the two cores; the limit only catches a
 * Prism that will never listen.
 */
export const PRISM_START_MS = 120_000;
