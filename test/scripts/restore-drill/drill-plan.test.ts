/**
 * What `npm run restore-drill` is asked to do, from its options and TABLE_NAME, what it refuses
 * to guess, and the name of its copy.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_WAIT_SECONDS, drillPlan, drillTableName } from '../../../scripts/restore-drill/drill-plan';

const live = { TABLE_NAME: 'casino-prod-Table' };

describe('the drill plan', () => {
  it('restores the live table from a point in time, as of --at, its copy deleted after', () => {
    expect(drillPlan(['--at', '2026-12-01T03:00:00Z'], live)).toEqual({
      kind: 'POINT_IN_TIME',
      sourceTable: 'casino-prod-Table',
      at: new Date('2026-12-01T03:00:00Z'),
      keep: false,
      maxWaitSeconds: DEFAULT_MAX_WAIT_SECONDS,
    });
  });

  it('with no --at, as of the latest restorable moment; --keep and --max-wait as said', () => {
    expect(drillPlan(['--keep', '--max-wait', '600'], live)).toEqual({
      kind: 'POINT_IN_TIME',
      sourceTable: 'casino-prod-Table',
      keep: true,
      maxWaitSeconds: 600,
    });
  });

  it('restores from an export, TABLE_NAME optional', () => {
    expect(drillPlan(['--from-export', '/tmp/export'], {})).toEqual({ kind: 'EXPORT', exportPath: '/tmp/export', keep: false });
    expect(drillPlan(['--from-export', '/tmp/export', '--keep'], live)).toEqual({
      kind: 'EXPORT',
      exportPath: '/tmp/export',
      liveTable: 'casino-prod-Table',
      keep: true,
    });
  });

  it('makes an export of TABLE_NAME', () => {
    expect(drillPlan(['--export-to', '/tmp/export'], live)).toEqual({
      kind: 'MAKE_EXPORT',
      sourceTable: 'casino-prod-Table',
      dir: '/tmp/export',
    });
  });

  it.each([
    ['no table to restore', [], {}, 'TABLE_NAME is not set'],
    ['a time without its zone', ['--at', '2026-12-01T03:00:00'], live, 'is not an ISO-8601 time with its zone'],
    ['a date that is not one', ['--at', '2026-13-01T03:00:00Z'], live, 'is not an ISO-8601 time with its zone'],
    ['a wait that is not seconds', ['--max-wait', '2h'], live, '--max-wait 2h is not a number of seconds'],
    ['a point in time with an export', ['--from-export', 'x', '--at', '2026-12-01T03:00:00Z'], live, '--at and --max-wait are for'],
    ['both export options', ['--from-export', 'x', '--export-to', 'y'], live, 'two different runs'],
    ['an export of no table', ['--export-to', 'y'], {}, '--export-to exports the table TABLE_NAME names'],
    ['an export kept', ['--export-to', 'y', '--keep'], live, "--keep keeps a drill's copy"],
    ['an unknown option', ['--when', 'now'], live, "Unknown option '--when'"],
  ])('refuses %s, with the usage', (_, args, env, message) => {
    expect(() => drillPlan(args, env)).toThrow(message);
    expect(() => drillPlan(args, env)).toThrow('usage:');
  });
});

describe("the copy's name", () => {
  it('is the table, -drill- and the drill start to the millisecond, in the characters a table name may hold', () => {
    const name = drillTableName('casino-prod-Table', new Date('2026-12-01T03:00:00.123Z'));
    expect(name).toBe('casino-prod-Table-drill-20261201T030000.123Z');
    expect(name).toMatch(/^[a-zA-Z0-9_.-]{3,255}$/);
  });

  it('is refused past 255 characters', () => {
    expect(() => drillTableName('t'.repeat(240), new Date())).toThrow('255 characters');
  });
});
