import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';

export interface TableBackupProps {
  readonly table: ITableV2;
  readonly dailyRetentionDays: number;
  readonly monthlyRetentionDays: number;
  readonly retainData: boolean;
  /** The plan's name in AWS Backup: the stack's, so each stage's plan is told apart. */
  readonly planName: string;
}

/**
 * Point-in-time recovery reaches back 35 days; regulators and partners ask about rounds years
 * old. AWS Backup keeps a daily backup for `dailyRetentionDays` and a monthly one for
 * `monthlyRetentionDays`, in a vault of the stack's own (docs/DEPLOY.md, "Backups and restore").
 */
export class TableBackup extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;

  constructor(scope: Construct, id: string, props: TableBackupProps) {
    super(scope, id);
    this.vault = new BackupVault(this, 'Vault', {
      // A vault that still holds recovery points cannot be deleted: retained where the data is.
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.plan = new BackupPlan(this, 'Plan', {
      backupPlanName: props.planName,
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'Daily',
          // 05:00 UTC is 13:00 in Macau: away from the evening peak.
          scheduleExpression: Schedule.cron({ hour: '5', minute: '0' }),
          deleteAfter: Duration.days(props.dailyRetentionDays),
        }),
        new BackupPlanRule({
          ruleName: 'Monthly',
          scheduleExpression: Schedule.cron({ day: '1', hour: '6', minute: '0' }),
          deleteAfter: Duration.days(props.monthlyRetentionDays),
        }),
      ],
    });
    this.plan.addSelection('Table', { resources: [BackupResource.fromArn(props.table.tableArn)] });
  }
}
