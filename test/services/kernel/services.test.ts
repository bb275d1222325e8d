import { describe, expect, it } from 'vitest';
import { conflictModelFrom, environmentDependencies } from '../../../functions/services/kernel/services';
import { sharedConflictModel } from '../../../functions/store/kernel/conflict-model';

describe("a Lambda entry point's dependencies", () => {
  it('model transaction conflicts, with the process-wide model, only when DYNAMODB_CONFLICT_MODEL is on', async () => {
    const { conflictModel } = conflictModelFrom({ DYNAMODB_CONFLICT_MODEL: 'on' });
    expect(typeof conflictModel === 'function' && (await conflictModel())).toBe(sharedConflictModel);
    expect(conflictModelFrom({ DYNAMODB_CONFLICT_MODEL: 'yes' })).toEqual({});
    expect(conflictModelFrom({})).toEqual({});
  });

  it('attach the model to the client against DynamoDB Local, and never in AWS (no endpoint)', () => {
    const modelled = (env: NodeJS.ProcessEnv) =>
      environmentDependencies({ TABLE_NAME: 't', AWS_REGION: 'eu-west-1', DYNAMODB_CONFLICT_MODEL: 'on', ...env })
        .db.doc.middlewareStack.identify()
        .some((name) => name.startsWith('transactionConflictModel'));
    expect(modelled({ DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' })).toBe(true);
    expect(modelled({})).toBe(false);
    expect(modelled({ DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000', DYNAMODB_CONFLICT_MODEL: 'off' })).toBe(false);
  });

  it('need TABLE_NAME', () => {
    expect(() => environmentDependencies({})).toThrow(/TABLE_NAME/);
  });
});
