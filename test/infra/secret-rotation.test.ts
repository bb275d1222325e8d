/**
 * infra/secret-rotation.ts, synthesized on its own: Secrets Manager may invoke the rotation
 * function for the secrets under the stack's prefix only; the function may run the four steps
 * there and create a credential's successor, rotating in its turn; the functions that create
 * rotating secrets are told the function and the schedule and may turn rotation on; the ones
 * that call partners' wallets may move a ring. Nothing outside the prefix.
 */
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Alias, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { SecretRotation } from '../../infra/secret-rotation';
import { testApp } from './synthesize';

const PREFIX = 'casino-tables/test/wallet/';

function synthesized(schedule?: string) {
  const stack = new Stack(testApp(), 'Rotation', { env: { account: '111111111111', region: 'eu-west-1' } });
  const fn = (id: string) =>
    new LambdaFunction(stack, id, {
      runtime: Runtime.NODEJS_22_X,
      handler: 'index.handler',
      code: Code.fromInline('export const handler = () => {};'),
    });
  const secretsArn = `arn:aws:secretsmanager:eu-west-1:111111111111:secret:${PREFIX}*`;
  const rotator = fn('Rotator');
  new SecretRotation(stack, 'SecretRotation', {
    secretPrefix: PREFIX,
    secretsArn,
    rotationFunction: rotator,
    rotationAlias: new Alias(stack, 'RotatorLive', { aliasName: 'live', version: rotator.currentVersion }),
    creators: [fn('Graphql')],
    ringMovers: [fn('WalletWorker'), fn('Sweeper')],
    ...(schedule ? { schedule } : {}),
  });
  return { template: Template.fromStack(stack), secretsArn };
}

/** Every action a function's role policies allow, with its resources. */
function allowed(template: Template, role: string): { actions: string[]; resources: unknown }[] {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
    JSON.stringify(policy.Properties.Roles).includes(role),
  );
  return policies.flatMap((policy) =>
    policy.Properties.PolicyDocument.Statement.map((statement: { Action: string | string[]; Resource: unknown }) => ({
      actions: [statement.Action].flat(),
      resources: statement.Resource,
    })),
  );
}

describe('the secret rotation', () => {
  it("lets Secrets Manager invoke the rotation function's alias `live` for the secrets under the prefix, of this account, only", () => {
    const { template, secretsArn } = synthesized();
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { Ref: Match.stringLikeRegexp('^RotatorLive') },
      Principal: 'secretsmanager.amazonaws.com',
      SourceAccount: '111111111111',
      SourceArn: secretsArn,
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: { WALLET_SECRETS: `secretsmanager:${PREFIX}` } },
    });
  });

  it("grants the rotation function the four steps' actions, and a successor's creation, on the prefix", () => {
    const { template, secretsArn } = synthesized();
    const statements = allowed(template, 'RotatorServiceRole');
    const onPrefix = statements.filter(({ resources }) => resources === secretsArn).flatMap(({ actions }) => actions);
    expect(onPrefix.sort()).toEqual(
      [
        'secretsmanager:CreateSecret',
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
        'secretsmanager:PutSecretValue',
        'secretsmanager:RotateSecret',
        'secretsmanager:UpdateSecretVersionStage',
      ].sort(),
    );
    expect(statements.flatMap(({ actions }) => actions).filter((action) => action.startsWith('secretsmanager:'))).toHaveLength(6);
    // A credential's successor rotates with this same function: turning that on asks to invoke it (its alias).
    expect(statements).toContainEqual({ actions: ['lambda:InvokeFunction'], resources: { Ref: expect.stringMatching(/^RotatorLive/) } });
  });

  it('tells the creators the function and its schedule, and lets them turn rotation on; the ring movers may write a ring', () => {
    const { template, secretsArn } = synthesized('rate(30 days)');
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: {
          SECRET_ROTATION_FUNCTION_ARN: { Ref: Match.stringLikeRegexp('^RotatorLive') },
          SECRET_ROTATION_SCHEDULE: 'rate(30 days)',
        },
      },
    });
    const creator = allowed(template, 'GraphqlServiceRole');
    expect(creator).toContainEqual({ actions: ['secretsmanager:RotateSecret'], resources: secretsArn });
    expect(creator.flatMap(({ actions }) => actions)).toContain('lambda:InvokeFunction');
    // A ring mover writes partners' wallet rings, never the house's keys or a launch credential.
    for (const mover of ['WalletWorkerServiceRole', 'SweeperServiceRole'])
      expect(allowed(template, mover)).toEqual([
        { actions: ['secretsmanager:PutSecretValue'], resources: secretsArn },
        {
          actions: ['secretsmanager:PutSecretValue'],
          resources: ['house/*', '*/launch/*'].map((name) => ({
            'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, `:secretsmanager:eu-west-1:111111111111:secret:${PREFIX}${name}`]],
          })),
        },
      ]);
    for (const mover of ['WalletWorkerServiceRole', 'SweeperServiceRole']) {
      const denied = Object.values(template.findResources('AWS::IAM::Policy'))
        .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(mover))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
        .filter((statement: { Effect: string }) => statement.Effect === 'Deny');
      expect(denied).toHaveLength(1);
    }
  });

  it('rotates every 90 days unless told', () => {
    synthesized().template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ SECRET_ROTATION_SCHEDULE: 'rate(90 days)' }) },
    });
  });
});
