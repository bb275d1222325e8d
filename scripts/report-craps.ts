/**
 * The exact craps odds report (art. 7.2), as a readable table or JSON.
 *   npm run --silent report -- craps [--field12=2|3] [--come-odds-on-come-out=on|off]
 *     [--dont-come-odds-on-come-out=on|off] [--big-numbers-on-come-out=on|off]
 *     [--hardways-on-come-out=on|off] [--format json|table]
 * Options not given take the regulation defaults (functions/rules/craps/options.ts).
 */
import { Fraction } from '../functions/rules/fraction';
import { crapsReport, makeCrapsOptions, type CrapsOptionsInput, type CrapsReport } from '../functions/rules/craps';

type Flag = 'comeOddsWorkingOnComeOut' | 'dontComeOddsWorkingOnComeOut' | 'bigNumbersWorkingOnComeOut' | 'hardwaysWorkingOnComeOut';

const WORKING_FLAGS: Record<string, Flag> = {
  'come-odds-on-come-out': 'comeOddsWorkingOnComeOut',
  'dont-come-odds-on-come-out': 'dontComeOddsWorkingOnComeOut',
  'big-numbers-on-come-out': 'bigNumbersWorkingOnComeOut',
  'hardways-on-come-out': 'hardwaysWorkingOnComeOut',
};

export function run(args: string[]): string {
  const { format, options } = parseArgs(args);
  const report = crapsReport(makeCrapsOptions(options));
  return format === 'json' ? JSON.stringify(toJson(report), null, 2) : toTable(report);
}

function parseArgs(args: readonly string[]): { format: 'json' | 'table'; options: Partial<CrapsOptionsInput> } {
  const options: Partial<CrapsOptionsInput> = {};
  let format: 'json' | 'table' = 'table';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const match = /^--([a-z0-9-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unexpected argument "${arg}"`);
    const name = match[1]!;
    if (name !== 'format' && name !== 'field12' && !(name in WORKING_FLAGS)) throw new Error(`unknown option --${name}`);
    const value = match[2] ?? args[++i];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    if (name === 'format') {
      if (value !== 'json' && value !== 'table') throw new Error(`--format must be json or table, got "${value}"`);
      format = value;
    } else if (name === 'field12') {
      if (value !== '2' && value !== '3') throw new Error(`--field12 must be 2 or 3 (art. 6(12)), got "${value}"`);
      options.field12Pays = value === '3' ? 3 : 2;
    } else {
      if (value !== 'on' && value !== 'off') throw new Error(`--${name} must be on or off, got "${value}"`);
      options[WORKING_FLAGS[name]!] = value === 'on';
    }
  }
  return { format, options };
}

function toJson(report: CrapsReport) {
  return {
    game: report.game,
    options: report.options,
    bets: report.bets.map((entry) => ({
      bet: entry.bet,
      win: entry.win.toString(),
      lose: entry.lose.toString(),
      push: entry.push.toString(),
      houseEdge: entry.houseEdge.toString(),
      houseEdgePerRoll: entry.houseEdgePerRoll.toString(),
    })),
  };
}

function toTable(report: CrapsReport): string {
  const header = ['bet', 'pays', 'win', 'lose', 'push', 'house edge', '%', 'per roll', '%', 'rolls'];
  const rows = report.bets.map((e) => [
    e.bet,
    e.pays,
    e.win.toString(),
    e.lose.toString(),
    e.push.toString(),
    e.houseEdge.toString(),
    `${e.houseEdge.mul(ONE_HUNDRED).toDecimal(3)}%`,
    e.houseEdgePerRoll.toString(),
    `${e.houseEdgePerRoll.mul(ONE_HUNDRED).toDecimal(3)}%`,
    e.rollsToDecision.toDecimal(3),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd();
  const o = report.options;
  const onOff = (working: boolean): string => (working ? 'working' : 'off');
  return [
    'Craps: exact probabilities per bet resolved and house edge (Macau CRAPS regulation 2010, art. 7.2)',
    `Options: Field 12 pays ${o.field12Pays}:1; on the come-out roll come odds ${onOff(o.comeOddsWorkingOnComeOut)}, ` +
      `don't come lay odds ${onOff(o.dontComeOddsWorkingOnComeOut)}, Big numbers ${onOff(o.bigNumbersWorkingOnComeOut)}, ` +
      `hardways ${onOff(o.hardwaysWorkingOnComeOut)}`,
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    'Assumptions:',
    ...report.assumptions.map((a) => `- ${a}`),
  ].join('\n');
}

const ONE_HUNDRED = Fraction.of(100);
