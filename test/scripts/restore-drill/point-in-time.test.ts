/**
 * The restore from a point in time (AWS only: DynamoDB Local has none), against a client that
 * answers as DynamoDB does: what it asks AWS for, when it tells the drill the copy exists, and
 * that a copy without the indexes the audit reads is refused.
 */
import {
  DescribeTableCommand,
  RestoreTableToPointInTimeCommand,
  type DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { indexProblems } from '../../../scripts/restore-drill/drill-table';
import { restoreToPointInTime } from '../../../scripts/restore-drill/point-in-time';

const restored: TableDescription = {
  TableName: 'casino-prod-Table-drill-20261202T090000.000Z',
  TableStatus: 'ACTIVE',
  GlobalSecondaryIndexes: [
    { IndexName: 'byOwner', IndexStatus: 'ACTIVE' },
    { IndexName: 'book', IndexStatus: 'ACTIVE' },
  ],
  LocalSecondaryIndexes: [{ IndexName: 'layout' }],
};

/** A client whose every DescribeTable answers `table`, and RestoreTableToPointInTime its summary; each command sent is kept. */
function fakeDynamoDb(table: TableDescription, restorePoint?: Date) {
  const sent: unknown[] = [];
  const client = {
    send: async (command: unknown) => {
      sent.push(command);
      if (command instanceof RestoreTableToPointInTimeCommand)
        return {
          TableDescription: { TableStatus: 'CREATING', ...(restorePoint ? { RestoreSummary: { RestoreDateTime: restorePoint } } : {}) },
        };
      if (command instanceof DescribeTableCommand) return { Table: table };
      throw new Error(`unexpected ${String(command)}`);
    },
  } as unknown as DynamoDBClient;
  return { client, sent };
}

describe('a restore from a point in time', () => {
  it('restores the live table as of the moment asked, on demand, and tells the drill the copy exists', async () => {
    const { client, sent } = fakeDynamoDb(restored, new Date('2026-12-01T03:00:00Z'));
    let made = false;
    const result = await restoreToPointInTime(
      client,
      { source: 'casino-prod-Table', target: restored.TableName!, at: new Date('2026-12-01T03:00:00Z'), maxWaitSeconds: 60 },
      () => (made = true),
    );
    expect(made).toBe(true);
    expect(result).toEqual({ restorePoint: '2026-12-01T03:00:00.000Z' });
    expect((sent[0] as RestoreTableToPointInTimeCommand).input).toEqual({
      SourceTableName: 'casino-prod-Table',
      TargetTableName: restored.TableName,
      RestoreDateTime: new Date('2026-12-01T03:00:00Z'),
      BillingModeOverride: 'PAY_PER_REQUEST',
    });
  });

  it('with no moment, restores the latest restorable one, and reports the moment AWS restored to', async () => {
    const { client, sent } = fakeDynamoDb(restored, new Date('2026-12-02T08:55:00Z'));
    const result = await restoreToPointInTime(client, { source: 'casino-prod-Table', target: restored.TableName!, maxWaitSeconds: 60 });
    expect((sent[0] as RestoreTableToPointInTimeCommand).input).toMatchObject({ UseLatestRestorableTime: true });
    expect(result).toEqual({ restorePoint: '2026-12-02T08:55:00.000Z' });
  });

  it('refuses a copy restored without an index the audit reads', async () => {
    const { client } = fakeDynamoDb({ ...restored, GlobalSecondaryIndexes: [{ IndexName: 'byOwner', IndexStatus: 'ACTIVE' }] });
    await expect(restoreToPointInTime(client, { source: 'casino-prod-Table', target: 'copy', maxWaitSeconds: 60 })).rejects.toThrow(
      'the copy copy cannot be audited: the index book is missing',
    );
  });
});

describe("the copy's indexes", () => {
  it('are every index of the table definition, the global ones ACTIVE', () => {
    expect(indexProblems(restored)).toEqual([]);
    expect(
      indexProblems({
        ...restored,
        GlobalSecondaryIndexes: [{ IndexName: 'byOwner', IndexStatus: 'CREATING' }],
        LocalSecondaryIndexes: [],
      }),
    ).toEqual(['the index byOwner is CREATING', 'the index book is missing', 'the index layout is missing']);
  });
});
