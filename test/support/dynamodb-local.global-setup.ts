import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../local/dynamodb-local';

/** One in-memory DynamoDB Local for the whole run; each test file makes its own table in it. */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamoDbLocal({ inMemory: true }, { shortLived: true });
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
