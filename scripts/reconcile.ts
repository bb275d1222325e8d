/**
 * The ledger, for ops. Two ways, each printing its result as JSON:
 *   TABLE_NAME=<table> [AWS_REGION=...] npm run --silent reconcile
 *     The full audit: every journal and every stored balance read (a parallel scan: the one
 *     place anything scans the table), the ledger checked against itself and every balance. It
 *     also notes each currency's first day for the daily checks (a ledger older than them).
 *     Money moving while it runs is never a difference: a balance that seems to differ is read
 *     again until it holds still (services/money/still-reads.ts), for at most 30 s; one that never
 *     does is named under `unsettled` (not checked) and the run exits 2.
 *   TABLE_NAME=<table> npm run --silent reconcile -- --days
 *     The daily checks, as the scheduled check runs them: every day over and not checked yet.
 *   TABLE_NAME=casino-tables-local DYNAMODB_ENDPOINT=http://127.0.0.1:8000 ...   (against npm start's DynamoDB Local)
 * Every total is printed exactly, as its decimal string (as the query's MoneyTotal): a JSON
 * number past 2^53 would be read back rounded.
 * Exit code 0: consistent; 1: differences found (they are in the output); 2: could not run, or
 * (with the result printed) some balance never held still long enough to be checked.
 */
import { parseArgs } from 'node:util';
import { environmentDependencies } from '../functions/services/kernel/services';
import { reconcile } from '../functions/services/money/reconcile';
import { checkLedger } from '../functions/services/money/ledger-check';
import { backdateCurrency } from '../functions/store/money/ledger-checks';

const { values } = parseArgs({ options: { days: { type: 'boolean', default: false } } });
const exact = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

try {
  const deps = environmentDependencies();
  if (values.days) {
    const checked = await checkLedger(deps);
    process.stdout.write(`${JSON.stringify(checked, exact, 2)}\n`);
    process.exit(checked.every((check) => check.unbalancedJournals.length === 0 && check.differences.length === 0) ? 0 : 1);
  }
  const result = await reconcile(deps);
  for (const { currency, firstDay } of result.currencies) if (firstDay) await backdateCurrency(deps.db, currency, firstDay);
  process.stdout.write(`${JSON.stringify(result, exact, 2)}\n`);
  const found =
    result.differences.length > 0 || result.unbalancedJournals.length > 0 || result.currencies.some(({ total }) => total !== 0n);
  process.exit(result.consistent ? 0 : found ? 1 : 2);
} catch (error) {
  process.stderr.write(`reconcile: ${(error as Error).message}\n`);
  process.exit(2);
}
