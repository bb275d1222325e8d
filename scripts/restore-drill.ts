/**
 * The restore drill, for ops (docs/DEPLOY.md, "Restore drill"): a copy of a stage's table
 * restored, the full audit run on the copy (as `npm run reconcile`), the copy deleted.
 *   TABLE_NAME=<live table> [AWS_REGION=...] npm run --silent restore-drill -- [--at 2026-12-01T03:00:00Z] [--keep] [--max-wait <s>]
 *     From point-in-time recovery (RestoreTableToPointInTime into <table>-drill-<time>); with no
 *     --at, as of the latest moment AWS can restore. The wait for the restore is 12 hours unless
 *     --max-wait says.
 *   DYNAMODB_ENDPOINT=<DynamoDB Local> npm run --silent restore-drill -- --from-export <dir or data file> [--keep]
 *     From a DYNAMODB_JSON export (AWS's, copied from S3, or one made here): a table made with the
 *     live table's keys and indexes, the export's items written into it. DynamoDB Local has no
 *     point-in-time recovery; this works against AWS too (without DYNAMODB_ENDPOINT).
 *   TABLE_NAME=<table> DYNAMODB_ENDPOINT=<DynamoDB Local> npm run --silent restore-drill -- --export-to <dir>
 *     Makes such an export of a local table (scripts/restore-drill/export-writing.ts).
 * Prints what it restored and the audit's result as JSON (totals as exact decimal strings).
 * Exit code 0: the copy is consistent; 1: the audit found differences (in the output); 2: could
 * not run (the reason on stderr), or the audit could not check some balance.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { environmentDependencies } from '../functions/services/kernel/services';
import { localCredentials, localRegion } from '../local/dynamodb-local';
import { runDrill } from './restore-drill/drill';
import { drillExitCode, reportJson } from './restore-drill/drill-report';
import { drillPlan } from './restore-drill/drill-plan';
import { exportTable } from './restore-drill/export-writing';

// The SDK warns at each client's creation that Node 20 support ends in 2027: noise in front of the drill's own reason.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

try {
  const plan = drillPlan(process.argv.slice(2), process.env);
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (endpoint) {
    // DynamoDB Local takes any credentials and region: a drill against it needs none of the operator's.
    process.env.AWS_REGION ??= localRegion;
    process.env.AWS_ACCESS_KEY_ID ??= localCredentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY ??= localCredentials.secretAccessKey;
  }
  const client = new DynamoDBClient(endpoint ? { endpoint } : {});
  if (plan.kind === 'MAKE_EXPORT') {
    process.stdout.write(reportJson({ exported: await exportTable(client, plan.sourceTable, plan.dir, new Date()) }));
    process.exit(0);
  }
  const report = await runDrill(plan, {
    client,
    // The audit's dependencies as `npm run reconcile` makes them, pointed at the copy.
    auditDependencies: (table) => environmentDependencies({ ...process.env, TABLE_NAME: table }),
    now: () => new Date(),
    warn: (message) => process.stderr.write(`restore-drill: ${message}\n`),
  });
  // Unlike reconcile, nothing is written back (the daily checks' first day): the copy is only read, then deleted.
  process.stdout.write(reportJson(report));
  process.exit(drillExitCode(report.audit));
} catch (error) {
  // The reason alone, no stack: a missing export or an AWS refusal is ops' to act on, not a fault of the script.
  process.stderr.write(`restore-drill: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
