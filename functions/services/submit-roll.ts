import { nextShooter, parseRoll } from '../rules/craps';
import type { RollRecord } from '../store/records';
import { asCrapsBets, seatOrder } from './craps-table';
import { planRoll } from './outcome-plans';
import type { Caller, ServiceDependencies } from './services';
import { settleOutcome, type SettledOutcome } from './settle-outcome';

export interface SubmitRollRequest {
  readonly tableId: string;
  readonly dice?: readonly number[] | null;
  readonly void?: boolean | null;
  /** The roll's expected sequence: a retry of a roll already recorded returns it instead of rolling again. */
  readonly sequence: number;
}

export type RollOutcome = SettledOutcome<RollRecord, 'CRAPS'>;

/** Records a craps roll (two dice or void) and settles every bet it decides, through the craps rules. */
export async function submitRoll(deps: ServiceDependencies, caller: Caller, request: SubmitRollRequest): Promise<RollOutcome> {
  // Refuse bad dice before touching anything.
  const roll = parseRoll({ dice: request.dice ? [...request.dice] : null, void: request.void ?? false });

  const dice = roll.kind === 'DICE' ? roll.dice : null;
  return settleOutcome(deps, {
    tableId: request.tableId,
    caller,
    games: ['CRAPS'],
    sequence: request.sequence,
    isSame: (stored) => stored.kind === 'ROLL' && JSON.stringify(stored.dice) === JSON.stringify(dice),
    decide: (table, openBets, sequence, recordedAt) => {
      const { plan, settled } = planRoll(table.state, table.options, openBets, roll);
      // On a seven-out the dice pass to the next eligible player in seat order (art. 4(2)),
      // judged on the layout as the hand ended.
      const stateAfter = settled.sevenOut
        ? { ...settled.state, shooter: nextShooter(seatOrder(openBets), table.state.shooter ?? null, asCrapsBets(openBets), table.options) }
        : settled.state;
      const outcome: Omit<RollRecord, 'planned'> = {
        kind: 'ROLL',
        tableId: table.id,
        currency: table.currency,
        recordedBy: caller.playerId,
        ...(table.bettingClosedBy ? { bettingClosedBy: table.bettingClosedBy } : {}),
        sequence,
        dice,
        stateBefore: table.state,
        stateAfter,
        recordedAt,
      };
      return { outcome, stateAfter, plan, pending: { sequence, kind: 'ROLL', dice, stateBefore: table.state } };
    },
  });
}
