/**
 * The cost model counts the stack as infra/cost/stack-inventory.ts lists it: held here to the
 * synthesized templates (prod's stack and its edge stack), so that a function, an alarm, a key, a
 * secret or a firewall rule added to the stack fails this test until the cost model counts it.
 */
import { describe, expect, it } from 'vitest';
import { STACK_INVENTORY } from '../../../infra/cost/stack-inventory';
import { FUNCTION_ROLES } from '../../../infra/deployment-settings';
import { synthesize } from '../synthesize';

const { template, edgeTemplate } = synthesize();
type Resources = Record<string, { Properties: Record<string, any> }>;
const resources = (of: typeof template, type: string) => of.findResources(type) as Resources;

describe("the cost model's inventory of the stack", () => {
  it("lists every function the stack deploys, with its memory (CDK's own deployment handlers aside)", () => {
    const deployed = Object.entries(resources(template, 'AWS::Lambda::Function'))
      // A top-level construct's logical id is its id and a hash; CDK's handlers are at the root under Custom….
      .filter(([logicalId]) => !logicalId.startsWith('Custom'))
      .map(([logicalId, { Properties }]) => [logicalId.replace(/[0-9A-F]{8}$/, ''), Properties.MemorySize])
      .sort();
    const listed = FUNCTION_ROLES.map((role) => [STACK_INVENTORY.functions[role].id, STACK_INVENTORY.functions[role].memoryMb]).sort();
    expect(deployed).toEqual(listed);
  });

  it('counts the alarms, and the metrics CloudWatch bills them by', () => {
    const alarms = Object.values(resources(template, 'AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(STACK_INVENTORY.alarms);
    // A metric math alarm is billed by each metric it reads; an alarm on one metric, as one.
    const metrics = alarms.reduce(
      (sum, { Properties }) => sum + (Properties.Metrics ? Properties.Metrics.filter((metric: any) => metric.MetricStat).length : 1),
      0,
    );
    expect(metrics).toBe(STACK_INVENTORY.alarmMetrics);
  });

  it('counts the dashboards, the keys, the secrets and the queues functions poll', () => {
    expect(Object.keys(resources(template, 'AWS::CloudWatch::Dashboard'))).toHaveLength(STACK_INVENTORY.dashboards);
    const keys = [template, edgeTemplate].flatMap((of) => Object.keys(resources(of, 'AWS::KMS::Key')));
    expect(keys).toHaveLength(STACK_INVENTORY.customerManagedKeys);
    const secrets = [template, edgeTemplate].flatMap((of) => Object.keys(resources(of, 'AWS::SecretsManager::Secret')));
    expect(secrets).toHaveLength(STACK_INVENTORY.stackSecrets);
    const polled = Object.values(resources(template, 'AWS::Lambda::EventSourceMapping')).filter(({ Properties }) =>
      JSON.stringify(Properties.EventSourceArn).includes('Queue'),
    );
    expect(polled).toHaveLength(STACK_INVENTORY.queuesReadByFunctions);
  });

  it("counts the edge's web ACLs and their rules", () => {
    const acls = Object.values(resources(edgeTemplate, 'AWS::WAFv2::WebACL'));
    expect(acls).toHaveLength(STACK_INVENTORY.webAcls);
    expect(acls.reduce((sum, { Properties }) => sum + Properties.Rules.length, 0)).toBe(STACK_INVENTORY.webAclRules);
  });

  it('opens the dashboard on the window its errors widget scans', () => {
    const [dashboard] = Object.values(resources(template, 'AWS::CloudWatch::Dashboard'));
    expect(JSON.stringify(dashboard!.Properties.DashboardBody)).toContain(`-PT${STACK_INVENTORY.dashboardHours}H`);
  });
});
