import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../local/dynamodb-local';

/**
 * One in-memory DynamoDB Local for the whole run; each test file makes its own table in it.
 * Started as this module loads, not when its setup runs: Vitest loads every setup module before
 * it runs the first, and the JVM's start (a second or two) goes on meanwhile. A start that fails
 * fails the setup, which awaits it.
 */
const starting = startDynamoDbLocal({ inMemory: true }, { shortLived: true });
starting.catch(() => undefined);

export default async function setup(project: TestProject) {
  const dynamo = await starting;
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
