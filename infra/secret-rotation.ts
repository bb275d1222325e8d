import { fileURLToPath } from 'node:url';
import { ArnFormat, Stack } from 'aws-cdk-lib';
import { Effect, Policy, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Alias, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { acknowledge, findingEnvironment } from './acknowledge';
import { DEFAULT_ROTATION_SCHEDULE } from '../functions/services/kernel/secret-overlap';

/** The rotation function's entry (functions/workers/secret-rotation-handler.ts), for the stack to build as it builds its functions. */
export const secretRotationEntry = fileURLToPath(new URL('../functions/workers/secret-rotation-handler.ts', import.meta.url));

export interface SecretRotationProps {
  /** The store's prefix (`casino-tables/<stage>/wallet/`): every secret the functions keep is under it. */
  readonly secretPrefix: string;
  /** The ARN of every secret under the prefix (`arn:…:secret:<prefix>*`). */
  readonly secretsArn: string;
  /**
   * The rotation function, built by the stack as it builds its functions (bundled, traced, its own
   * log group and role), from `secretRotationEntry`, with TABLE_NAME: it issues partners'
   * credentials' successors, in the table. Given WALLET_SECRETS here.
   */
  readonly rotationFunction: LambdaFunction;
  /** What Secrets Manager invokes: the function's alias `live`, which each deploy moves gradually (gradual-deploys.ts). */
  readonly rotationAlias: Alias;
  /**
   * The functions that create secrets that rotate (the GraphQL function: partners' wallet secrets
   * and credentials, the house's token keys): told the rotation function and the schedule, and
   * allowed to turn rotation on for what they create.
   */
  readonly creators: readonly LambdaFunction[];
  /**
   * The functions that call partners' wallets besides the creators (the wallet workers, the
   * sweeper): the first answer signed with a rotation's next secret moves the ring, which they write.
   */
  readonly ringMovers: readonly LambdaFunction[];
  /** Secrets Manager's schedule expression for every rotating secret: `rate(90 days)` unless given. */
  readonly schedule?: string;
}

/**
 * Rotation of the secrets the functions keep in Secrets Manager (docs/WALLET.md, "Rotating the
 * secret"; docs/LAUNCH.md, "Rotating a credential" and "Rotating the keys"): the rotation function
 * Secrets Manager invokes for the four steps of each rotation, on the schedule each rotating secret
 * is given when created (a secret is created at run time, when an operator configures a partner or
 * issues a credential: rotation is turned on there, not here). Rotating secrets created before
 * this construct was deployed get their rotation from docs/DEPLOY.md, "Rotation".
 */
export class SecretRotation extends Construct {
  readonly rotationFunction: LambdaFunction;

  constructor(scope: Construct, id: string, props: SecretRotationProps) {
    super(scope, id);
    const { rotationFunction: fn, secretsArn, secretPrefix } = props;
    this.rotationFunction = fn;
    const schedule = props.schedule ?? DEFAULT_ROTATION_SCHEDULE;
    const stack = Stack.of(this);
    const { partition, region, account } = findingEnvironment(stack);
    const prefixFinding = `AwsSolutions-IAM5[Resource::arn:${partition}:secretsmanager:${region}:${account}:secret:${secretPrefix}*]`;

    fn.addEnvironment('WALLET_SECRETS', `secretsmanager:${secretPrefix}`);
    const invoked = props.rotationAlias;
    // Secrets Manager invokes it for the secrets under the prefix only, of this account.
    invoked.addPermission('SecretsManagerInvokes', {
      principal: new ServicePrincipal('secretsmanager.amazonaws.com'),
      sourceAccount: stack.account,
      sourceArn: secretsArn,
    });
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [
          // The four steps: the secret's versions read, the pending one written, then made current or left.
          'secretsmanager:DescribeSecret',
          'secretsmanager:GetSecretValue',
          'secretsmanager:PutSecretValue',
          'secretsmanager:UpdateSecretVersionStage',
          // A credential's successor: a secret of its own, rotating in its turn (with this function).
          'secretsmanager:CreateSecret',
          'secretsmanager:RotateSecret',
        ],
        resources: [secretsArn],
      }),
    );
    acknowledge(
      fn.role!,
      prefixFinding,
      "The secrets it rotates: partners' wallet secrets and credentials and the house's keys, created at run time, so named by the stage's prefix.",
    );
    // Turning rotation on (RotateSecret) also asks for lambda:InvokeFunction on the rotation function:
    // its alias, not its other versions. Its own grant is a policy apart from its role's default
    // one, which the function depends on: the default one naming the function would be a cycle.
    const invoke = new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [invoked.functionArn] });
    new Policy(this, 'RotatesWithItself', { roles: [fn.role!], statements: [invoke] });

    for (const creator of props.creators) {
      creator.addEnvironment('SECRET_ROTATION_FUNCTION_ARN', invoked.functionArn);
      creator.addEnvironment('SECRET_ROTATION_SCHEDULE', schedule);
      creator.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:RotateSecret'], resources: [secretsArn] }));
      creator.addToRolePolicy(invoke);
      acknowledge(
        creator.role!,
        prefixFinding,
        "Partners' secrets rotate from their creation: one per partner and credential, named by the stage's prefix.",
      );
    }
    // Under the prefix are the house's keys and the partners' launch credentials too: never written by a ring mover.
    const notRings = [`${secretPrefix}house/*`, `${secretPrefix}*/launch/*`].map((resourceName) =>
      stack.formatArn({ service: 'secretsmanager', resource: 'secret', resourceName, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
    );
    for (const mover of props.ringMovers) {
      mover.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:PutSecretValue'], resources: [secretsArn] }));
      mover.addToRolePolicy(new PolicyStatement({ effect: Effect.DENY, actions: ['secretsmanager:PutSecretValue'], resources: notRings }));
      acknowledge(
        mover.role!,
        prefixFinding,
        "A partner's wallet secret ring moves on its wallet's first answer signed with the next secret.",
      );
    }
  }
}
