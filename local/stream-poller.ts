/**
 * Stands in for Lambda's DynamoDB stream event source on this machine: reads DynamoDB Local's
 * stream of the table, shard by shard, in order, and hands each batch of records to the same
 * consumer the stream Lambda runs (publishChanges), waiting for it before reading on, as Lambda does.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { dynamoDbLocalClientConfig } from '../functions/store/kernel/db';

export interface StreamPoller {
  stop(): Promise<void>;
}

export interface StreamPollerOptions {
  readonly endpoint: string;
  readonly region: string;
  readonly credentials: { accessKeyId: string; secretAccessKey: string };
  readonly tableName: string;
  /** Handles one batch; the next is read when it is done. A failure is logged and the batch is not retried. */
  readonly onRecords: (records: readonly _Record[]) => Promise<unknown>;
  readonly onError?: (error: unknown) => void;
  /** How long to wait between reads of a quiet shard. */
  readonly intervalMs?: number;
}

/** Starts reading from the stream's end as it is now: changes made before are not replayed. */
export async function pollStream(options: StreamPollerOptions): Promise<StreamPoller> {
  const config = { ...dynamoDbLocalClientConfig(options.endpoint), region: options.region, credentials: options.credentials };
  const dynamo = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
  dynamo.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`table ${options.tableName} has no stream`);
  const intervalMs = options.intervalMs ?? 50;
  const onError = options.onError ?? ((error: unknown) => console.error('stream poll failed:', error));

  /** Shard id -> its next iterator; a shard whose iterator ran out (closed and read to its end) is kept with null. */
  const iterators = new Map<string, string | null>();
  let stopped = false;

  async function discover(initial: boolean): Promise<void> {
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }));
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId!;
        if (iterators.has(id)) continue;
        // A child shard is read only once its parent is read to its end (its records come first).
        if (shard.ParentShardId && iterators.has(shard.ParentShardId) && iterators.get(shard.ParentShardId) !== null) continue;
        const closed = shard.SequenceNumberRange?.EndingSequenceNumber !== undefined;
        if (initial && closed) {
          iterators.set(id, null);
          continue;
        }
        const { ShardIterator } = await streams.send(
          new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: initial ? 'LATEST' : 'TRIM_HORIZON' }),
        );
        iterators.set(id, ShardIterator ?? null);
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
  }

  /** The last record handed on, per shard: where to read again from if DynamoDB Local drops an iterator. */
  const handedOn = new Map<string, string>();

  async function readShards(): Promise<boolean> {
    let read = false;
    for (const [id, iterator] of iterators) {
      if (!iterator || stopped) continue;
      let page;
      try {
        page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator }));
      } catch (error) {
        // DynamoDB Local refuses an iterator taken at LATEST once other tables' streams have moved on
        // (TrimmedDataAccessException): read the shard again from just after what was handed on.
        if (!['TrimmedDataAccessException', 'ExpiredIteratorException'].includes((error as Error).name)) throw error;
        const after = handedOn.get(id);
        const { ShardIterator } = await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: id,
            ...(after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after } : { ShardIteratorType: 'TRIM_HORIZON' }),
          }),
        );
        iterators.set(id, ShardIterator ?? null);
        continue;
      }
      const { Records, NextShardIterator } = page;
      iterators.set(id, NextShardIterator ?? null);
      if (Records && Records.length > 0) {
        read = true;
        handedOn.set(id, Records.at(-1)!.dynamodb!.SequenceNumber!);
        await options.onRecords(Records).catch(onError);
      }
    }
    return read;
  }

  await discover(true);
  const loop = (async () => {
    let sinceDiscovery = 0;
    while (!stopped) {
      try {
        if (++sinceDiscovery >= 20) {
          sinceDiscovery = 0;
          await discover(false);
        }
        if (!(await readShards())) await new Promise((resolve) => setTimeout(resolve, intervalMs));
      } catch (error) {
        if (!stopped) onError(error);
        await new Promise((resolve) => setTimeout(resolve, intervalMs * 10));
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      await loop;
      streams.destroy();
    },
  };
}
