/**
 * Node options for a child process that runs a compiler for a test (tsc, are-the-types-wrong): a
 * run of seconds through a large code base, most of it warm rather than hot. V8 optimizes a
 * function once it has run through its interrupt budget of bytecode a few times; with the budget
 * raised from V8's 66 kB to 300 kB it optimizes fewer of the compiler's functions, and the run
 * takes less CPU in all (optimizing runs on threads of its own). On two busy cores, the packed
 * package's build of six projects took 13.0-15.2 s of CPU instead of 16.9-20.8 s, the code samples'
 * tsc 8.1-9.3 s instead of 9.7-10.6 s. The option is V8's own and changes nothing but when V8
 * optimizes: what the compiler reports is the same.
 */
export const COMPILER_NODE_OPTIONS = ["--interrupt-budget=300000"];
