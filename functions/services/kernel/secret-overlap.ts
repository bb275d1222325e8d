/**
 * How long a secret rotated away from is still taken (docs/WALLET.md, "Rotating the secret";
 * docs/LAUNCH.md, "Rotating a credential"): a partner's wallet secret on its wallet's answers, after
 * the first answer signed with the next one; a launch credential on the partner's calls, after its
 * first call signed with the successor. A day: a partner switching a fleet of servers one by one,
 * or a process holding the secret it read, has that long.
 */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1_000;

/** The overlap these dependencies keep (a test's own, else SECRET_OVERLAP_MS). */
export const overlapOf = (deps: { readonly secretOverlapMs?: number }): number => deps.secretOverlapMs ?? SECRET_OVERLAP_MS;

/** Secrets Manager's schedule for the secrets that rotate, unless the stack names another (SECRET_ROTATION_SCHEDULE). */
export const DEFAULT_ROTATION_SCHEDULE = 'rate(90 days)';
