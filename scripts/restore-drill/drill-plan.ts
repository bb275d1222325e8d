/**
 * What `npm run restore-drill` is asked to do, from its options and TABLE_NAME:
 * - a point in time (AWS): restore TABLE_NAME as of `--at` (else the latest restorable moment);
 * - an export (DynamoDB Local, which has no point-in-time recovery, or any export copied from S3):
 *   `--from-export <path>`;
 * - or make an export of TABLE_NAME (`--export-to <dir>`), for a drill against DynamoDB Local.
 * And the name of the drill's copy: `<table>-drill-<when the drill started>`, never a live table's.
 */
import { parseArgs } from 'node:util';

export type DrillPlan =
  | {
      readonly kind: 'POINT_IN_TIME';
      readonly sourceTable: string;
      readonly at?: Date;
      readonly keep: boolean;
      readonly maxWaitSeconds: number;
    }
  | {
      readonly kind: 'EXPORT';
      readonly exportPath: string;
      /** TABLE_NAME: what the copy is named after; absent, the table the export's manifest names. */
      readonly liveTable?: string;
      readonly keep: boolean;
    }
  | { readonly kind: 'MAKE_EXPORT'; readonly sourceTable: string; readonly dir: string };

export const USAGE = [
  'usage: TABLE_NAME=<live table> npm run --silent restore-drill -- [--at <ISO-8601 time, e.g. 2026-12-01T03:00:00Z>] [--keep] [--max-wait <seconds>]',
  '       npm run --silent restore-drill -- --from-export <export folder or data file> [--keep]   (TABLE_NAME optional)',
  '       TABLE_NAME=<table> npm run --silent restore-drill -- --export-to <empty folder>',
].join('\n');

/**
 * How long a restore from a point in time is waited for, unless --max-wait says: AWS says a
 * restore takes "several hours", and not in proportion to the table's size.
 */
export const DEFAULT_MAX_WAIT_SECONDS = 12 * 3600;

/** The plan, or a refusal that says what is wrong, then the usage. */
export function drillPlan(args: readonly string[], env: NodeJS.ProcessEnv): DrillPlan {
  try {
    return plan(args, env);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
}

function plan(args: readonly string[], env: NodeJS.ProcessEnv): DrillPlan {
  const { values } = parseArgs({
    args: [...args],
    options: {
      at: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'max-wait': { type: 'string' },
      'from-export': { type: 'string' },
      'export-to': { type: 'string' },
    },
  });
  const table = env.TABLE_NAME || undefined;
  const fromExport = values['from-export'];
  const exportTo = values['export-to'];
  if (fromExport !== undefined && exportTo !== undefined) throw new Error(`--from-export and --export-to are two different runs`);
  if ((fromExport !== undefined || exportTo !== undefined) && (values.at !== undefined || values['max-wait'] !== undefined))
    throw new Error(`--at and --max-wait are for a restore from a point in time (AWS), not from an export`);
  if (exportTo !== undefined) {
    if (!table) throw new Error(`--export-to exports the table TABLE_NAME names, and it is not set`);
    if (values.keep) throw new Error(`--keep keeps a drill's copy: --export-to makes none`);
    return { kind: 'MAKE_EXPORT', sourceTable: table, dir: exportTo };
  }
  if (fromExport !== undefined)
    return { kind: 'EXPORT', exportPath: fromExport, keep: values.keep, ...(table ? { liveTable: table } : {}) };
  if (!table) throw new Error(`TABLE_NAME is not set: name the live table to restore`);
  return {
    kind: 'POINT_IN_TIME',
    sourceTable: table,
    ...(values.at !== undefined ? { at: pointInTime(values.at) } : {}),
    keep: values.keep,
    maxWaitSeconds: values['max-wait'] === undefined ? DEFAULT_MAX_WAIT_SECONDS : seconds(values['max-wait']),
  };
}

/** An instant, with its zone said (`Z` or `+08:00`): a time read in the operator's own zone would restore another moment. */
function pointInTime(text: string): Date {
  const at = new Date(text);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(text) || Number.isNaN(at.getTime()))
    throw new Error(`--at ${text} is not an ISO-8601 time with its zone (e.g. 2026-12-01T03:00:00Z)`);
  return at;
}

function seconds(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) === 0) throw new Error(`--max-wait ${text} is not a number of seconds`);
  return Number(text);
}

/**
 * The copy's name: the table's, then `-drill-` and the drill's start to the millisecond (two
 * drills of one table never meet), in the characters a table name may hold. Refused if too long.
 */
export function drillTableName(table: string, startedAt: Date): string {
  const name = `${table}-drill-${startedAt.toISOString().replace(/[-:]/g, '')}`;
  if (name.length > 255) throw new Error(`the copy's name would pass DynamoDB's 255 characters: ${name}`);
  return name;
}
