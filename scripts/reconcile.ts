/**
 * Reconciliation, for ops: checks the ledger against itself and every stored balance (the same
 * use case as the operators' `reconciliation` query) and prints the result as JSON.
 *   TABLE_NAME=<table> [AWS_REGION=...] npm run --silent reconcile
 *   TABLE_NAME=casino-tables-local DYNAMODB_ENDPOINT=http://127.0.0.1:8000 npm run --silent reconcile   (against npm start's DynamoDB Local)
 * Every total is printed exactly, as its decimal string (as the query's MoneyTotal): a JSON
 * number past 2^53 would be read back rounded.
 * Exit code 0: consistent; 1: differences found (they are in the output); 2: could not run.
 */
import { environmentDependencies } from '../functions/services/kernel/services';
import { reconcile } from '../functions/services/money/reconcile';

try {
  const result = await reconcile(environmentDependencies());
  const exact = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
  process.stdout.write(`${JSON.stringify(result, exact, 2)}\n`);
  process.exit(result.consistent ? 0 : 1);
} catch (error) {
  process.stderr.write(`reconcile: ${(error as Error).message}\n`);
  process.exit(2);
}
