/**
 * How long the tests wait (issue 37): a test must not depend on how fast the machine is. What a
 * test waits for (a process answering, an event, a condition) it waits for as long as it takes;
 * these are only the safeties that end a test that would otherwise hang, far beyond what any
 * loaded machine takes: a test that reaches one is broken, not slow. None is ever waited out by a
 * test that passes.
 */

/** The most a test waits for one condition: an event, a process answering, a page showing something (expect.poll's too, vitest.config.ts). */
export const PATIENCE_MS = 5 * 60_000;

/** The most a test, or a hook, may take in all: Vitest's testTimeout and hookTimeout (vitest.config.ts). */
export const TEST_PATIENCE_MS = 10 * 60_000;

/**
 * How long the tables wait for a test's seamless wallet (the reference wallet, in the test's own
 * process) before a call counts as unanswered: far above its answers' time on a loaded machine.
 * Production's default (3 s) and the API's range for it stay as they are: a test sets this one in
 * the store (test/support/seamless-partner.ts).
 */
export const WALLET_PATIENCE_MS = 60_000;
