/**
 * Exact baccarat odds report (the figures a casino attaches when asking to adopt an option, art. 19).
 *   npm run --silent report -- baccarat --decks 8 [--commission standard|six-pays-half|dragon-push] [--format json]
 * Without --commission, every option's bets are reported. Probabilities and edges are exact
 * fractions in lowest terms; counts are ordered six-card deals (416!/410! for 8 decks).
 */
import { baccaratReport, type BaccaratReport, type CommissionOption } from '../functions/rules/baccarat';
import { Fraction } from '../functions/rules/fraction';

const COMMISSION_FLAGS: Readonly<Record<string, CommissionOption>> = {
  standard: 'STANDARD',
  'six-pays-half': 'SIX_PAYS_HALF',
  'dragon-push': 'DRAGON_PUSH',
};

interface ReportArgs {
  decks: number;
  commission?: CommissionOption;
  format: 'json' | 'table';
}

function parseArgs(args: readonly string[]): ReportArgs {
  const parsed: ReportArgs = { decks: 8, format: 'table' };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--decks': {
        const text = value();
        const decks = Number(text);
        if (!/^\d+$/.test(text) || decks < 6 || decks > 12) throw new Error(`--decks must be a whole number from 6 to 12, got ${text}`);
        parsed.decks = decks;
        break;
      }
      case '--commission': {
        const text = value();
        const commission = COMMISSION_FLAGS[text.toLowerCase()];
        if (!commission) throw new Error(`--commission must be one of ${Object.keys(COMMISSION_FLAGS).join('|')}, got ${text}`);
        parsed.commission = commission;
        break;
      }
      case '--format': {
        const text = value();
        if (text !== 'json' && text !== 'table') throw new Error(`--format must be json or table, got ${text}`);
        parsed.format = text;
        break;
      }
      default:
        throw new Error(
          `unknown baccarat report option ${arg} (use --decks N, --commission standard|six-pays-half|dragon-push, --format json)`,
        );
    }
  }
  return parsed;
}

export function run(args: string[]): string {
  const options = parseArgs(args);
  const report = baccaratReport({ decks: options.decks, commission: options.commission });
  return options.format === 'json' ? JSON.stringify(asJson(report), null, 2) : asTable(report);
}

function asJson(report: BaccaratReport): unknown {
  const { deals } = report;
  return {
    game: 'baccarat',
    options: { decks: report.decks, commissions: report.commissions },
    deals: {
      total: deals.total.toString(),
      bankerWins: deals.bankerWins.toString(),
      playerWins: deals.playerWins.toString(),
      ties: deals.ties.toString(),
      bankerWinsOnSix: deals.bankerWinsOnSix.toString(),
      dragon7: deals.dragon7.toString(),
      playerPairs: deals.playerPairs.toString(),
      bankerPairs: deals.bankerPairs.toString(),
    },
    bets: report.bets.map((figures) => ({
      bet: figures.bet,
      commission: figures.commission,
      win: figures.win.toString(),
      lose: figures.lose.toString(),
      push: figures.push.toString(),
      houseEdge: figures.houseEdge.toString(),
    })),
    jackpot: Object.fromEntries(
      Object.entries(report.jackpot ?? {}).map(([modality, entries]) => [
        modality,
        entries.map((entry) => ({
          combination: entry.combination,
          count: entry.count.toString(),
          probability: entry.probability.toString(),
        })),
      ]),
    ),
  };
}

const grouped = (n: bigint): string => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function asTable(report: BaccaratReport): string {
  const { deals } = report;
  const share = (count: bigint) => percent(Fraction.of(count, deals.total)).padStart(12);
  const pct = (f: Fraction) => percent(f).padEnd(13);
  const lines = [
    `Baccarat, ${report.decks} decks: exact figures over ${grouped(deals.total)} ordered six-card deals`,
    '',
    'outcome                   deals                       share',
    ...(
      [
        ['Banker wins', deals.bankerWins],
        ['Player wins', deals.playerWins],
        ['Tie', deals.ties],
        ['Banker wins on 6', deals.bankerWinsOnSix],
        ['Dragon 7', deals.dragon7],
        ['Player pair', deals.playerPairs],
        ['Banker pair', deals.bankerPairs],
      ] as const
    ).map(([name, count]) => `${name.padEnd(18)}${grouped(count).padStart(26)}${share(count)}`),
    '',
    'bet          commission     win          lose         push         house edge',
    ...report.bets.map(
      (f) =>
        `${f.bet.padEnd(13)}${f.commission.padEnd(15)}${pct(f.win)}${pct(f.lose)}${pct(f.push)}${pct(f.houseEdge)}  = ${f.houseEdge.toString()}`,
    ),
  ];
  if (report.jackpot) {
    for (const [modality, entries] of Object.entries(report.jackpot)) {
      lines.push('', `jackpot modality ${modality}`.padEnd(44) + 'probability        one in');
      for (const entry of entries) {
        const oneIn = entry.count === 0n ? '-' : Number(deals.total / entry.count).toLocaleString('en-US');
        lines.push(`  ${entry.combination.padEnd(42)}${entry.probability.toDecimal(10).padEnd(19)}${oneIn}`);
      }
    }
  }
  return lines.join('\n');
}

/** A probability as a percentage with six decimals (exact, rounded half up). */
const percent = (f: Fraction): string => `${f.mul(Fraction.of(100)).toDecimal(6)}%`;
