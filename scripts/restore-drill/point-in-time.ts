/**
 * A stage's table restored to a point in time (RestoreTableToPointInTime) into a new table, waited
 * for until it can be audited. The restore brings the table's indexes back with its data (the
 * audit reads them); not its stream, TTL, point-in-time recovery, alarms or tags, which the audit
 * does not need. It takes minutes to hours, whatever the table's size: the wait is long and
 * overridable (--max-wait), and a restore still running when it ends goes on in AWS.
 */
import { RestoreTableToPointInTimeCommand, waitUntilTableExists, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { waitUntilIndexesActive } from './drill-table';

export interface PointInTimeRequest {
  readonly source: string;
  readonly target: string;
  /** The moment to restore the table as of; absent, the latest AWS can restore (a few minutes ago). */
  readonly at?: Date;
  readonly maxWaitSeconds: number;
}

/** Restores, waits for the copy to be ACTIVE with its indexes, and answers the point in time it holds the table as of. */
export async function restoreToPointInTime(
  client: DynamoDBClient,
  request: PointInTimeRequest,
  /** Told once the copy exists (the restore accepted): from then on, it is the drill's to delete. */
  made: () => void = () => undefined,
): Promise<{ readonly restorePoint: string | null }> {
  const deadline = Date.now() + request.maxWaitSeconds * 1000;
  const { TableDescription } = await client.send(
    new RestoreTableToPointInTimeCommand({
      SourceTableName: request.source,
      TargetTableName: request.target,
      ...(request.at ? { RestoreDateTime: request.at } : { UseLatestRestorableTime: true }),
      // The copy is read once, by the audit: on demand, it costs what the audit reads, whatever the source's capacity.
      BillingModeOverride: 'PAY_PER_REQUEST',
    }),
  );
  made();
  try {
    await waitUntilTableExists({ client, maxWaitTime: request.maxWaitSeconds }, { TableName: request.target });
  } catch (error) {
    if ((error as Error).name !== 'TimeoutError') throw error;
    throw new Error(
      `the restore into ${request.target} was not finished after ${request.maxWaitSeconds} s (--max-wait): it goes on in AWS; ` +
        `audit it when it is ACTIVE (TABLE_NAME=${request.target} npm run --silent reconcile), then delete it`,
    );
  }
  await waitUntilIndexesActive(client, request.target, deadline);
  // The point AWS restored to (with no --at, the latest it could), as the restore's summary says.
  const restorePoint = TableDescription?.RestoreSummary?.RestoreDateTime ?? request.at;
  return { restorePoint: restorePoint?.toISOString() ?? null };
}
