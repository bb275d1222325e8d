import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import type { IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Alias, type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { acknowledge } from './acknowledge';

/** How CodeDeploy may shift a function's traffic to a new version: the stage's `deploymentConfig` names one. */
export const DEPLOYMENT_CONFIGS = {
  ALL_AT_ONCE: LambdaDeploymentConfig.ALL_AT_ONCE,
  CANARY_10PERCENT_5MINUTES: LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES,
  CANARY_10PERCENT_10MINUTES: LambdaDeploymentConfig.CANARY_10PERCENT_10MINUTES,
  CANARY_10PERCENT_15MINUTES: LambdaDeploymentConfig.CANARY_10PERCENT_15MINUTES,
  CANARY_10PERCENT_30MINUTES: LambdaDeploymentConfig.CANARY_10PERCENT_30MINUTES,
  LINEAR_10PERCENT_EVERY_1MINUTE: LambdaDeploymentConfig.LINEAR_10PERCENT_EVERY_1MINUTE,
  LINEAR_10PERCENT_EVERY_2MINUTES: LambdaDeploymentConfig.LINEAR_10PERCENT_EVERY_2MINUTES,
  LINEAR_10PERCENT_EVERY_3MINUTES: LambdaDeploymentConfig.LINEAR_10PERCENT_EVERY_3MINUTES,
  LINEAR_10PERCENT_EVERY_10MINUTES: LambdaDeploymentConfig.LINEAR_10PERCENT_EVERY_10MINUTES,
} as const;
export type DeploymentConfigName = keyof typeof DEPLOYMENT_CONFIGS;

/** The alias every caller invokes: an API's integration, a queue's event source, a schedule, the stream. */
export const LIVE_ALIAS = 'live';

/**
 * Gradual deploys (docs/DEPLOY.md, "Gradual deploys"): every function is invoked through its alias
 * `live`, and a deploy that changes its code moves the alias to the new version by CodeDeploy, a
 * share of the traffic at a time, as the stage's `deploymentConfig` says. Any of the alarms that
 * say players are hurt, firing meanwhile, rolls every shifted share back, and CloudFormation
 * the rest of the deploy with it.
 */
export class GradualDeploys extends Construct {
  readonly application: LambdaApplication;
  readonly groups = new Map<string, LambdaDeploymentGroup>();
  private readonly config: DeploymentConfigName;
  private readonly rollbackOnAlarms: boolean;

  constructor(
    scope: Construct,
    id: string,
    props: { readonly deploymentConfig: DeploymentConfigName; readonly rollbackOnAlarms: boolean },
  ) {
    super(scope, id);
    this.config = props.deploymentConfig;
    this.rollbackOnAlarms = props.rollbackOnAlarms;
    this.application = new LambdaApplication(this, 'Application');
    acknowledge(
      this,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      "CodeDeploy's own service-role policy for Lambda deploys (moving an alias, reading alarms), kept current by AWS.",
    );
  }

  /** The function's alias `live`, deployed gradually: what its callers are given instead of the function. */
  live(name: string, fn: LambdaFunction): Alias {
    const alias = new Alias(this, `${name}Live`, { aliasName: LIVE_ALIAS, version: fn.currentVersion });
    this.groups.set(
      name,
      new LambdaDeploymentGroup(this, `${name}Deployment`, {
        application: this.application,
        alias,
        deploymentConfig: DEPLOYMENT_CONFIGS[this.config],
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: this.rollbackOnAlarms },
        // A fix deployed while the alarms fire (rollbackOnAlarms false, for that deploy) must not be rolled back by them.
        ignoreAlarmConfiguration: !this.rollbackOnAlarms,
      }),
    );
    return alias;
  }

  /** Rolls each function's deploy back on the alarms `alarmsOf` gives it. */
  rollBackOn(alarmsOf: (name: string) => readonly IAlarm[]) {
    for (const [name, group] of this.groups) for (const alarm of alarmsOf(name)) group.addAlarm(alarm);
  }
}
