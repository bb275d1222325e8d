/** `npm run cost`'s arguments read and checked, and the statement they ask for (scripts/cost.ts runs it). */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Construct } from 'constructs';
import { deploymentSettingsFrom, stageNamesFrom } from '../../infra/deployment-settings';
import { COST_MODEL, monthlyCost } from '../../infra/cost/model';
import { costStatement } from '../../infra/cost/statement';
import type { Command } from '../command-line';

const USAGE = 'usage: npm run --silent cost -- --bets-per-day <bets> --players <players a day> --tables <tables> --stage <stage>';

class BadArguments extends Error {}

/** A count given on the command line: a whole number, 0 or more, in digits. */
function count(name: string, value: string | undefined): number {
  if (value === undefined) throw new BadArguments(`--${name} is missing\n${USAGE}`);
  const number = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(number))
    throw new BadArguments(`--${name} must be a whole number, 0 or more, got ${JSON.stringify(value)}\n${USAGE}`);
  return number;
}

const OPTIONS = ['bets-per-day', 'players', 'tables', 'stage'] as const;

function statement(given: readonly string[]): string {
  // `--players -5` is taken as `--players=-5`, so that a negative count is refused as one (parseArgs would call it ambiguous).
  const args = [...given];
  for (let i = 0; i < args.length - 1; i++) {
    if (OPTIONS.some((name) => args[i] === `--${name}`) && /^-\d/.test(args[i + 1]!)) args.splice(i, 2, `${args[i]}=${args[i + 1]}`);
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args, options: Object.fromEntries(OPTIONS.map((name) => [name, { type: 'string' as const }])) }));
  } catch (error) {
    throw new BadArguments(`${(error as Error).message}\n${USAGE}`);
  }
  const traffic = {
    betsPerDay: count('bets-per-day', values['bets-per-day'] as string | undefined),
    players: count('players', values.players as string | undefined),
    tables: count('tables', values.tables as string | undefined),
  };
  if (traffic.tables === 0 && (traffic.betsPerDay > 0 || traffic.players > 0))
    throw new BadArguments('Bets and players need a table: --tables 1 or more');
  if (traffic.betsPerDay > 0 && traffic.players === 0) throw new BadArguments('Bets need players: --players 1 or more');
  const stage = values.stage;
  if (typeof stage !== 'string') throw new BadArguments(`--stage is missing\n${USAGE}`);

  // The stage's settings exactly as synth reads them: cdk.json's context on a construct tree's root.
  const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };
  const root = new Construct(undefined as unknown as Construct, '');
  for (const [key, value] of Object.entries(cdkJson.context)) root.node.setContext(key, value);
  root.node.setContext('stage', stage);
  let settings;
  try {
    stageNamesFrom(root.node);
    settings = deploymentSettingsFrom(root.node, stage);
  } catch (error) {
    throw new BadArguments((error as Error).message);
  }
  const inCdkJson = Object.hasOwn((cdkJson.context.stages ?? {}) as object, stage);
  return costStatement(monthlyCost(traffic, settings), COST_MODEL, { inCdkJson });
}

/** The command (scripts/command-line.ts): the statement, or exit code 2 for bad arguments, said in a line or two. */
export const costCommand: Command = async ({ args, out, err }) => {
  let printed: string;
  try {
    printed = statement(args);
  } catch (error) {
    if (!(error instanceof BadArguments)) throw error;
    err(`${error.message}\n`);
    return 2;
  }
  await out(printed);
  return 0;
};
