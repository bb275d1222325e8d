/**
 * The restore drill (scripts/restore-drill.ts), run as ops run it (`npm run restore-drill`, a
 * process of its own) against DynamoDB Local, which has no point-in-time recovery: a table
 * played on through the real API is exported (the drill's --export-to, in AWS's DYNAMODB_JSON
 * layout), and the drill restores the export into a copy of its own and audits it.
 * - Whole, the copy holds every item and the same books as the live table: exit 0.
 * - One balance tampered with in the export: the audit names it, exit 1.
 * - No export, or a garbled one: exit 2, the reason on one line, no stack trace, no copy left.
 * And the drill from a point in time, in this process: every step as on AWS (the waiter, the
 * indexes, the count, the audit, the deletion), AWS's restore itself stood in for.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localCredentials, localRegion } from '../../local/dynamodb-local';
import { createTableInput } from '../../functions/store/kernel/table-definition';
import { createDb } from '../../functions/store/kernel/db';
import { systemDependencies } from '../../functions/services/kernel/services';
import { runDrill } from '../../scripts/restore-drill/drill';
import { reportJson } from '../../scripts/restore-drill/drill-report';
import { exportItems, openExport } from '../../scripts/restore-drill/export-reading';
import { loadItems } from '../../scripts/restore-drill/item-loading';
import { dealRound, jackpotBaccaratTable } from '../support/jackpot-prizes';
import { useTestApi } from '../support/use-test-api';

const api = useTestApi();
const client = new DynamoDBClient({ endpoint: inject('dynamoEndpoint'), region: localRegion, credentials: localCredentials });
/** The exports the file writes, removed after it. */
const folders: string[] = [];
const tempFolder = async (prefix: string) => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};
afterAll(async () => {
  client.destroy();
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The export every case starts from, made once the play is over (nothing writes to the table after it). */
let exportDir: string;
let exportTime: string;

beforeAll(async () => {
  for (const player of ['rd-alice', 'rd-bob']) await api.fundAccount(player, 100_000);
  const craps = await api.openTable();
  await api.placeBet('rd-alice', { tableId: craps, type: 'PASS_LINE', amount: 1_000 });
  await api.placeBet('rd-bob', { tableId: craps, type: 'DONT_PASS', amount: 500 });
  await api.placeBet('rd-bob', { tableId: craps, type: 'FIELD', amount: 300 });
  await api.closeAndRoll(craps, [3, 4]); // 7: the Pass Line wins, the Don't Pass and the Field lose
  await api.placeBet('rd-alice', { tableId: craps, type: 'PASS_LINE', amount: 2_000 });
  await api.closeAndRoll(craps, [2, 2]); // a point of 4: the bet stays on the table
  // A jackpot pool, seeded, and a prize paid out of it: a stored balance that is not a player's.
  const baccarat = await jackpotBaccaratTable(api);
  for (const type of ['PLAYER', 'JACKPOT']) await api.placeBet('rd-bob', { tableId: baccarat, type, amount: 100, seat: 1 });
  await dealRound(api, baccarat, ['5S', 'KH', '5D', '9C']); // a Player pair: the jackpot's single pair prize
  await api.expectReconciled();

  exportDir = await tempFolder('restore-drill-');
  const made = await restoreDrill(['--export-to', exportDir], { TABLE_NAME: api.db.tableName }, { asNpmRun: true });
  expect(made.status, made.stderr).toBe(0);
  const { exported } = JSON.parse(made.stdout);
  expect(exported).toMatchObject({ table: api.db.tableName, dir: exportDir, items: await itemCount(api.db.tableName) });
  exportTime = exported.exportTime;
});

/**
 * The drill against the run's DynamoDB Local, as `npm run --silent restore-drill -- <args>` runs it
 * (the export the other cases restore), or its script run by Node directly, without npm's and tsx's
 * own processes; resolves with its exit code and output, whatever it is.
 */
async function restoreDrill(args: readonly string[], env: Record<string, string> = {}, { asNpmRun = false } = {}) {
  const run = promisify(execFile);
  const [file, fileArgs]: [string, string[]] = asNpmRun
    ? ['npm', ['run', '--silent', 'restore-drill', '--', ...args]]
    : [process.execPath, ['--import', 'tsx', 'scripts/restore-drill.ts', ...args]];
  try {
    const { stdout, stderr } = await run(file, fileArgs, {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
        AWS_REGION: localRegion,
        AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
        ...env,
      },
    });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { status: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function itemCount(table: string): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, Select: 'COUNT', ConsistentRead: true, ExclusiveStartKey }));
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** The drill's copies of the test's table still in DynamoDB Local. */
async function drillCopies(): Promise<string[]> {
  const names: string[] = [];
  let ExclusiveStartTableName: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName }));
    names.push(...(page.TableNames ?? []));
    ExclusiveStartTableName = page.LastEvaluatedTableName;
  } while (ExclusiveStartTableName);
  return names.filter((name) => name.startsWith(`${api.db.tableName}-drill-`));
}

/** A copy of the export whose one data file's lines `edit` rewrites. */
async function editedExport(edit: (lines: string[]) => string[]): Promise<string> {
  const dir = await tempFolder('restore-drill-edited-');
  await cp(exportDir, dir, { recursive: true });
  const [name] = await readdir(join(dir, 'data'));
  const path = join(dir, 'data', name!);
  const lines = gunzipSync(await readFile(path))
    .toString('utf8')
    .split('\n');
  await writeFile(path, gzipSync(edit(lines).join('\n')));
  return dir;
}

describe('npm run restore-drill --from-export', () => {
  it('restores the export into a copy of its own, finds it consistent with the same books as the live table, and deletes it', async () => {
    const run = await restoreDrill(['--from-export', exportDir]);
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.consistent).toBe(true);
    expect(report.restored).toEqual({
      from: 'EXPORT',
      sourceTable: api.db.tableName,
      export: exportDir,
      restorePoint: exportTime,
      targetTable: expect.stringMatching(new RegExp(`^${api.db.tableName}-drill-\\d{8}T\\d{6}\\.\\d{3}Z$`)),
      items: await itemCount(api.db.tableName),
      restoreSeconds: expect.any(Number), // measured, for ops: never asserted
      kept: false,
    });
    // The copy's books are the live table's, total for total (journals, players, pools, the house by table).
    const live = JSON.parse(reportJson(await api.reconcile()));
    expect(report.audit).toEqual(live);
    expect(report.audit.currencies[0]).toMatchObject({ currency: 'MOP', total: '0', pools: expect.not.stringMatching(/^0$/) });
    await expect(client.send(new DescribeTableCommand({ TableName: report.restored.targetTable }))).rejects.toThrow(
      expect.objectContaining({ name: 'ResourceNotFoundException' }),
    );
  });

  it('exits 1 naming the balance tampered with in the export, and keeps the copy with --keep', async () => {
    const bob = (await api.balance('rd-bob'))!;
    const tampered = await editedExport((lines) =>
      lines.map((line) =>
        line.includes('"sk":{"S":"ACCOUNT"}') && line.includes('"id":{"S":"rd-bob"}')
          ? line.replace(`"balance":{"N":"${bob}"}`, `"balance":{"N":"${bob + 1_000}"}`)
          : line,
      ),
    );
    const run = await restoreDrill(['--from-export', tampered, '--keep']);
    expect(run.status, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.consistent).toBe(false);
    expect(report.audit.differences).toEqual([
      { account: { kind: 'PLAYER', id: 'rd-bob' }, currency: 'MOP', stored: bob + 1_000, ledger: String(bob) },
    ]);
    expect(report.restored).toMatchObject({ kept: true, items: await itemCount(api.db.tableName) });
    // Kept for ops to look into: the tampered balance is there as restored.
    expect(await itemCount(report.restored.targetTable)).toBe(report.restored.items);
    await client.send(new DeleteTableCommand({ TableName: report.restored.targetTable }));
  });

  it.each([
    ['no export', async () => join(exportDir, 'nowhere'), /^restore-drill: no export at .*nowhere\n$/],
    [
      'a garbled data file',
      () => editedExport((lines) => ['{"Item": {"pk": {"S": "x"}, "sk": {"S": "y"}}}', 'this is not an item', ...lines]),
      /^restore-drill: .*\.json\.gz line 2: not JSON \(this is not an item\)\n$/,
    ],
  ])('exits 2 on %s, saying why in one line, no copy left', async (_, make, message) => {
    const run = await restoreDrill(['--from-export', await make()]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
    expect(await drillCopies()).toEqual([]);
  });
});

describe('the drill from a point in time', () => {
  it("restores, waits, audits and deletes the copy as on AWS, DynamoDB Local's missing restore stood in for", async () => {
    const at = new Date(exportTime);
    const restores: unknown[] = [];
    // RestoreTableToPointInTime, which DynamoDB Local lacks, done as AWS does it: a new table with the
    // source's keys and indexes, holding the source as of `at` (the export made then); every other
    // request goes to DynamoDB Local as it is.
    const standIn = {
      send: async (command: { input: unknown }) => {
        if (!(command instanceof RestoreTableToPointInTimeCommand)) return client.send(command as never);
        restores.push(command.input);
        const target = command.input.TargetTableName!;
        await client.send(new CreateTableCommand(createTableInput(target)));
        await loadItems(client, target, exportItems(await openExport(exportDir)));
        return { TableDescription: { TableName: target, TableStatus: 'CREATING', RestoreSummary: { RestoreDateTime: at } } };
      },
    } as unknown as DynamoDBClient;
    const report = await runDrill(
      { kind: 'POINT_IN_TIME', sourceTable: api.db.tableName, at, keep: false, maxWaitSeconds: 600 },
      {
        client: standIn,
        auditDependencies: (table) =>
          systemDependencies(
            createDb({ tableName: table, endpoint: inject('dynamoEndpoint'), region: localRegion, credentials: localCredentials }),
          ),
        now: () => new Date(),
        warn: (message) => expect.fail(message),
      },
    );
    expect(restores).toEqual([
      {
        SourceTableName: api.db.tableName,
        TargetTableName: report.restored.targetTable,
        RestoreDateTime: at,
        BillingModeOverride: 'PAY_PER_REQUEST',
      },
    ]);
    expect(report.restored).toEqual({
      from: 'POINT_IN_TIME',
      sourceTable: api.db.tableName,
      restorePoint: exportTime,
      targetTable: expect.stringMatching(new RegExp(`^${api.db.tableName}-drill-`)),
      items: await itemCount(api.db.tableName),
      restoreSeconds: expect.any(Number),
      kept: false,
    });
    expect(report.consistent).toBe(true);
    expect(await drillCopies()).toEqual([]);
  });
});
