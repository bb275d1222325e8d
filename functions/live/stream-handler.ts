import type { DynamoDBStreamEvent } from 'aws-lambda';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { observedHandler, traced } from '../observability/lambda-entry';
import { publishChanges, type FanOut } from './delivery';
import { requiredEnv } from './environment';

let fanOut: FanOut | undefined;

/**
 * Lambda entry point of the table's stream consumer: each batch's events go to every shard of
 * their topics, in fan-out function calls made all at once (publishChanges), and the batch is done when
 * every shard has sent them (so a table's next batch cannot overtake it). A failure fails the
 * batch, which Lambda retries as the event source mapping says (infra/).
 */
export const handler = observedHandler(async (event: DynamoDBStreamEvent): Promise<void> => {
  fanOut ??= lambdaFanOut(requiredEnv('FAN_OUT_FUNCTION'));
  await publishChanges(event.Records, fanOut);
});

function lambdaFanOut(functionName: string): FanOut {
  const lambda = traced(new LambdaClient({}));
  return async (deliveries) => {
    const result = await lambda.send(
      new InvokeCommand({ FunctionName: functionName, Payload: new TextEncoder().encode(JSON.stringify({ deliveries })) }),
    );
    if (result.FunctionError) throw new Error(`fan-out of ${deliveries.length} shard deliveries failed: ${result.FunctionError}`);
  };
}
