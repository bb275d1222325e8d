import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, NagRuleCompliance, ServerlessChecks, type IApplyRule, type NagPack } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** One rule checked on one resource, and how it came out. */
export interface NagReportRow {
  readonly pack: string;
  readonly ruleId: string;
  readonly resource: string;
  readonly result: 'compliant' | 'not applicable' | 'acknowledged' | 'non-compliant';
  /** Why a finding is acknowledged, as written beside its construct (acknowledge.ts). */
  readonly reason?: string;
}

/** What synth checked: every pack's every rule on every resource, written beside the templates. */
export class NagReport {
  readonly rows: NagReportRow[] = [];

  /** The packs synth runs (AWS Solutions and Serverless), each recording into this report as it checks. */
  packs(): NagPack[] {
    return [new (recording(AwsSolutionsChecks, this))(), new (recording(ServerlessChecks, this))()];
  }

  /**
   * Two files in the assembly's directory: cdk-nag-report.csv, every check that applied to a
   * resource (compliant, or acknowledged with its reason); cdk-nag-rules.csv, every rule each pack
   * checked and how often it came out each way (most apply to no resource of ours). Answers the first's path.
   */
  write(directory: string): string {
    const csv = (rows: readonly (readonly (string | number | undefined)[])[]) =>
      `${rows.map((row) => row.map((value = '') => (/[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : value)).join(',')).join('\n')}\n`;
    const applied = this.rows.filter((row) => row.result !== 'not applicable');
    const path = join(directory, 'cdk-nag-report.csv');
    writeFileSync(
      path,
      csv([
        ['pack', 'rule', 'resource', 'result', 'reason'],
        ...applied.map((row) => [row.pack, row.ruleId, row.resource, row.result, row.reason]),
      ]),
    );
    const rules = new Map<string, Record<NagReportRow['result'], number> & { pack: string }>();
    for (const row of this.rows) {
      const rule = row.ruleId.replace(/\[.*$/, '');
      const counts = rules.get(rule) ?? { pack: row.pack, compliant: 0, 'not applicable': 0, acknowledged: 0, 'non-compliant': 0 };
      counts[row.result] += 1;
      rules.set(rule, counts);
    }
    writeFileSync(
      join(directory, 'cdk-nag-rules.csv'),
      csv([
        ['pack', 'rule', 'compliant', 'not applicable', 'acknowledged', 'non-compliant'],
        ...[...rules].map(([rule, counts]) => [
          counts.pack,
          rule,
          counts.compliant,
          counts['not applicable'],
          counts.acknowledged,
          counts['non-compliant'],
        ]),
      ]),
    );
    return path;
  }

  /** One line for synth's output: how many checks of how many rules came out how. */
  summary(): string {
    const rules = new Set(this.rows.map((row) => row.ruleId.replace(/\[.*$/, '')));
    const count = (result: NagReportRow['result']) => this.rows.filter((row) => row.result === result).length.toLocaleString('en-US');
    return `cdk-nag (${[...new Set(this.rows.map((row) => row.pack))].join(', ')}): ${rules.size} rules, ${this.rows.length.toLocaleString('en-US')} checks: ${count('compliant')} compliant, ${count('not applicable')} not applicable, ${count('acknowledged')} acknowledged with a reason, ${count('non-compliant')} non-compliant`;
  }
}

type PackClass = new () => NagPack;

/** A pack that, beside failing synth on what nobody acknowledged (its own job), records each rule it applies. */
function recording(Pack: PackClass, report: NagReport): PackClass {
  return class extends (Pack as unknown as new () => { applyRule(params: IApplyRule): void; readPackName: string }) {
    override applyRule(params: IApplyRule): void {
      const suffix = params.ruleSuffixOverride ?? params.rule.name;
      const ruleId = `${this.readPackName}-${suffix}`;
      const resource = params.node.node.path;
      // The rule runs once: its outcome recorded here, then handed to cdk-nag's own check.
      let result: ReturnType<IApplyRule['rule']> | 'error';
      let failure: unknown;
      try {
        result = params.rule(params.node);
      } catch (error) {
        result = 'error';
        failure = error;
      }
      const record = (id: string, failed: boolean) => {
        const reason = failed ? acknowledgedReason(params.node, id) : undefined;
        report.rows.push({
          pack: this.readPackName,
          ruleId: id,
          resource,
          result: !failed
            ? result === NagRuleCompliance.NOT_APPLICABLE
              ? 'not applicable'
              : 'compliant'
            : reason !== undefined
              ? 'acknowledged'
              : 'non-compliant',
          ...(reason !== undefined ? { reason } : {}),
        });
      };
      if (Array.isArray(result)) {
        if (result.length === 0) record(ruleId, false);
        for (const finding of result) record(`${ruleId}[${finding}]`, true);
      } else record(ruleId, result === NagRuleCompliance.NON_COMPLIANT || result === 'error');
      const outcome = result;
      super.applyRule({
        ...params,
        ruleSuffixOverride: suffix,
        rule: () => {
          if (outcome === 'error') throw failure;
          return outcome;
        },
      });
    }
  } as unknown as PackClass;
}

/** The reason written where the finding was acknowledged, on the resource or a construct above it (as cdk-nag looks). */
function acknowledgedReason(resource: IConstruct, id: string): string | undefined {
  for (let scope: IConstruct | undefined = resource; scope; scope = scope.node.scope) {
    for (const entry of scope.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY || !entry.data) continue;
      for (const [key, reason] of Object.entries(entry.data as Record<string, unknown>)) {
        if (key.replace(/^annotation::/i, '') === id) return String(reason);
      }
    }
  }
  return undefined;
}
