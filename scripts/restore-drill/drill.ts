/**
 * The restore drill: a copy of the table restored (from a point in time, or from an export), the
 * full audit run on the copy (services/money/reconcile.ts, as `npm run reconcile` runs it on the
 * live table), and the copy deleted unless kept. A backup is only as good as a restore of it that
 * balances: this proves both that the restore works and that what it brings back is whole.
 * The copy is deleted whatever happened once it exists (the audit failing included), unless
 * --keep; one that cannot be deleted, or is kept after a failure (no report names it), is named to ops.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { reconcile } from '../../functions/services/money/reconcile';
import type { ServiceDependencies } from '../../functions/services/kernel/services';
import { countItems, createDrillTable, deleteDrillTable } from './drill-table';
import { drillReport, type DrillReport, type RestoredCopy } from './drill-report';
import { drillTableName, type DrillPlan } from './drill-plan';
import { tableNameOfArn } from './export-format';
import { exportItems, openExport } from './export-reading';
import { loadItems } from './item-loading';
import { restoreToPointInTime } from './point-in-time';

export interface DrillContext {
  readonly client: DynamoDBClient;
  /** The audit's dependencies, pointed at a table (the copy). */
  readonly auditDependencies: (table: string) => ServiceDependencies;
  readonly now: () => Date;
  /** What ops must know that is not the report (a copy left behind). */
  readonly warn: (message: string) => void;
}

/** A restore, ready to run: the copy it makes, and how. */
interface Restore {
  readonly copy: Omit<RestoredCopy, 'items' | 'restoreSeconds' | 'kept'>;
  /**
   * Restores into the copy, telling `made` as soon as the table exists (from then on, it is
   * deleted whatever happens); answers how many items it wrote (from an export) and the point in
   * time restored to, where only the restore learns it (the latest restorable one).
   */
  readonly run: (made: () => void) => Promise<{ readonly written?: number; readonly restorePoint?: string | null }>;
}

export async function runDrill(plan: Exclude<DrillPlan, { kind: 'MAKE_EXPORT' }>, context: DrillContext): Promise<DrillReport> {
  const { copy, run } = plan.kind === 'POINT_IN_TIME' ? fromPointInTime(plan, context) : await fromExport(plan, context);
  let made = false;
  try {
    const started = performance.now();
    const { written, restorePoint = copy.restorePoint } = await run(() => (made = true));
    const restoreSeconds = Math.round(performance.now() - started) / 1000;
    const items = await countItems(context.client, copy.targetTable);
    // A copy holding fewer items than the export wrote has lost some: keys repeated in the export, each one overwriting the last.
    if (written !== undefined && items !== written)
      throw new Error(`the export holds ${written} items, the copy ${items}: the export repeats some items' keys`);
    const audit = await reconcile(context.auditDependencies(copy.targetTable));
    return drillReport({ ...copy, restorePoint, items, restoreSeconds, kept: plan.keep }, audit);
  } catch (error) {
    if (made && plan.keep) context.warn(`the copy ${copy.targetTable} is kept (--keep), as far as the restore went`);
    throw error;
  } finally {
    if (made && !plan.keep) {
      await deleteDrillTable(context.client, copy.targetTable).catch((error: unknown) =>
        context.warn(
          `the copy ${copy.targetTable} was not deleted (${(error as Error).message}): delete it with aws dynamodb delete-table --table-name ${copy.targetTable}`,
        ),
      );
    }
  }
}

function fromPointInTime(plan: Extract<DrillPlan, { kind: 'POINT_IN_TIME' }>, context: DrillContext): Restore {
  const targetTable = drillTableName(plan.sourceTable, context.now());
  return {
    copy: { from: 'POINT_IN_TIME', sourceTable: plan.sourceTable, restorePoint: plan.at?.toISOString() ?? null, targetTable },
    run: (made) =>
      restoreToPointInTime(
        context.client,
        { source: plan.sourceTable, target: targetTable, ...(plan.at ? { at: plan.at } : {}), maxWaitSeconds: plan.maxWaitSeconds },
        made,
      ),
  };
}

async function fromExport(plan: Extract<DrillPlan, { kind: 'EXPORT' }>, context: DrillContext): Promise<Restore> {
  // Opened before any table is made: an export that is not there, or not one, costs nothing.
  const opened = await openExport(plan.exportPath);
  const sourceTable = opened.summary.tableArn ? (tableNameOfArn(opened.summary.tableArn) ?? null) : null;
  const named = plan.liveTable ?? sourceTable;
  if (!named) throw new Error(`${plan.exportPath} names no table (no manifest-summary.json): set TABLE_NAME to the live table's name`);
  const targetTable = drillTableName(named, context.now());
  return {
    copy: { from: 'EXPORT', sourceTable, export: plan.exportPath, restorePoint: opened.summary.exportTime ?? null, targetTable },
    run: async (made) => {
      await createDrillTable(context.client, targetTable, made);
      return { written: await loadItems(context.client, targetTable, exportItems(opened)) };
    },
  };
}
