import type { PaytableEntry } from '../paytable';
import type { CrapsTableOptions } from './options';
import { crapsReport } from './report/craps-report';
import type { CrapsBetType } from './types';

/** Every craps bet the table offers, with its prize and its exact figures under the table's options (the exact report, art. 7.2). */
export function crapsPaytable(options: CrapsTableOptions): PaytableEntry[] {
  return crapsReport(options).bets.map((entry) => ({
    type: entry.type,
    number: entry.number,
    pays: entry.pays,
    worksOnComeOut: worksOnComeOut(options, entry.type),
    figures: { win: entry.win, lose: entry.lose, push: entry.push, houseEdge: entry.houseEdge },
  }));
}

/**
 * Whether a come-out roll decides a bet of this type: the four table options (settle-roll.ts
 * applies them); line odds exist only while a point is on (null). Everything else works on
 * every roll, a come bet on its number included.
 */
export function worksOnComeOut(options: CrapsTableOptions, type: CrapsBetType): boolean | null {
  if (type === 'PASS_ODDS' || type === 'DONT_PASS_ODDS') return null;
  if (type === 'COME_ODDS') return options.comeOddsWorkingOnComeOut;
  if (type === 'DONT_COME_ODDS') return options.dontComeOddsWorkingOnComeOut;
  if (type.startsWith('HARD_')) return options.hardwaysWorkingOnComeOut;
  if (type.startsWith('BIG_')) return options.bigNumbersWorkingOnComeOut;
  return true;
}
