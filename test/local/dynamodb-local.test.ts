/** The DynamoDB Local launcher: starts AWS's jar on a free port, stops only its own process, and says what is missing. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { JAVA_INSTALL_HINT, localCredentials, localRegion, startDynamoDbLocal } from '../../local/dynamodb-local';

const originalPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = originalPath;
});

const clientFor = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: localRegion, credentials: localCredentials, maxAttempts: 1 });

describe('startDynamoDbLocal', () => {
  it('without java, says so and gives the one command that installs it', async () => {
    process.env.PATH = mkdtempSync(join(tmpdir(), 'no-java-'));
    await expect(startDynamoDbLocal({ inMemory: true })).rejects.toThrow(JAVA_INSTALL_HINT);
  });

  it('answers on a port of its own once started, and stopping it stops that one only', async () => {
    const shared = clientFor(inject('dynamoEndpoint')); // the test run's own instance
    // The JVM of a short run, as the suite's own: the flags change nothing checked here, and C2's compiler threads cost seconds.
    const dynamo = await startDynamoDbLocal({ inMemory: true }, { shortLived: true });
    const mine = clientFor(dynamo.endpoint);
    try {
      expect(dynamo.endpoint).not.toBe(inject('dynamoEndpoint'));
      await expect(mine.send(new ListTablesCommand({}))).resolves.toBeDefined();
      await dynamo.stop();
      await expect(mine.send(new ListTablesCommand({}))).rejects.toThrow();
      await expect(shared.send(new ListTablesCommand({}))).resolves.toBeDefined();
    } finally {
      mine.destroy();
      shared.destroy();
      await dynamo.stop();
    }
  });
});
