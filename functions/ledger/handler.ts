import { observability, observedHandler } from '../observability/lambda-entry';
import { environmentDependencies, type ServiceDependencies } from '../services/kernel/services';
import { checkLedger } from '../services/money/ledger-check';
import type { DayCheckRecord } from '../store/money/ledger-checks';

/**
 * The ledger's daily check (services/money/ledger-check.ts): scheduled (see infra/) shortly after
 * each day ends, it checks every day of every currency not checked yet, in order. A day whose
 * check finds something (a journal that does not balance, a balance that differs from the
 * ledger) is stored with its findings, the next days are checked all the same, and the run then
 * fails: Lambda counts the error and the run goes to the check's dead-letter queue, each with an
 * alarm (docs/DEPLOY.md, "Alarms"). `npm start` runs the same function in process, every hour.
 */
export function ledgerChecker(deps: ServiceDependencies): () => Promise<{ checked: number }> {
  return async () => {
    const checked = await checkLedger(deps);
    const found = checked.filter((check) => check.unbalancedJournals.length > 0 || check.differences.length > 0);
    for (const check of found) deps.log.error('the ledger check found differences', findingsOf(check));
    if (found.length > 0)
      throw new LedgerInconsistent(
        `${found.length} day(s) of the ledger have findings: ${found.map((c) => `${c.currency} ${c.day}`).join(', ')}`,
      );
    return { checked: checked.length };
  };
}

const findingsOf = (check: DayCheckRecord) => ({
  currency: check.currency,
  day: check.day,
  unbalancedJournals: check.unbalancedJournals,
  differences: check.differences.map((difference) => ({ ...difference })),
});

class LedgerInconsistent extends Error {
  override readonly name = 'LedgerInconsistent';
}

let checker: (() => Promise<{ checked: number }>) | undefined;

/** The Lambda entry: configured from its environment (TABLE_NAME), as every entry. */
export const handler = observedHandler(async (): Promise<{ checked: number }> => {
  checker ??= ledgerChecker(environmentDependencies(process.env, observability));
  return checker();
});
