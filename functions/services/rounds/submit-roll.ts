import { holderOf, nextShooter, parseRoll, seatOrder, shooterOfRoll, type ShooterPosition } from '../../rules/craps';
import type { RollRecord } from '../../store/rounds/outcome-records';
import { asCrapsBets } from '../tables/craps-table';
import { planRoll } from './outcome-plans';
import { noShooter } from '../betting/shooter-check';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { settleOutcome, type OutcomeSubmission, type SettledOutcome } from './settle-outcome';

export interface SubmitRollRequest {
  readonly tableId: string;
  readonly dice?: readonly number[] | null;
  readonly void?: boolean | null;
  /** The roll's expected sequence: a retry of a roll already recorded returns it instead of rolling again. */
  readonly sequence: number;
}

export type RollOutcome = SettledOutcome<RollRecord, 'CRAPS'>;

/** Records a craps roll (two dice or void) and settles every bet it decides, through the craps rules. */
export async function submitRoll(
  deps: ServiceDependencies,
  caller: Caller,
  request: SubmitRollRequest,
  /** Rolled by the server (services/rng/deal-round.ts): what its draw adds. */
  drawn?: OutcomeSubmission<RollRecord, 'CRAPS'>['drawn'],
): Promise<RollOutcome> {
  // Refuse bad dice before touching anything.
  const roll = parseRoll({ dice: request.dice ? [...request.dice] : null, void: request.void ?? false });

  const dice = roll.kind === 'DICE' ? roll.dice : null;
  return settleOutcome(deps, {
    tableId: request.tableId,
    caller,
    games: ['CRAPS'],
    sequence: request.sequence,
    ...(drawn ? { drawn } : {}),
    isSame: (stored) => stored.kind === 'ROLL' && JSON.stringify(stored.dice) === JSON.stringify(dice),
    decide: (table, openBets, sequence, recordedAt) => {
      const bets = asCrapsBets(openBets);
      const players = seatOrder(openBets);
      // The roll is thrown by whoever holds the dice, unless they stopped betting (art. 4(1)).
      // closeBetting made sure of a shooter; only a take-down racing it can leave none.
      const shooter = shooterOfRoll(players, holderOf(table.state), bets, table.options);
      if (!shooter) throw noShooter(table, 'Nothing was recorded; void the round (voidRound) to reopen betting.');
      const stateBefore = { ...table.state, ...holding(shooter) };
      const { plan, settled } = planRoll(stateBefore, table.options, openBets, roll, sequence);
      // On a seven-out the dice pass to the next eligible player in seat order (art. 4(2)),
      // judged on the layout as the hand ended.
      const stateAfter = { ...settled.state, ...holding(settled.sevenOut ? nextShooter(players, shooter, bets, table.options)! : shooter) };
      const outcome: Omit<RollRecord, 'planned'> = {
        kind: 'ROLL',
        tableId: table.id,
        currency: table.currency,
        recordedBy: caller.playerId,
        ...(table.bettingClosedBy ? { bettingClosedBy: table.bettingClosedBy } : {}),
        sequence,
        dice,
        stateBefore,
        stateAfter,
        recordedAt,
      };
      return { outcome, stateAfter, plan, pending: { sequence, kind: 'ROLL', dice, stateBefore } };
    },
  });
}

const holding = (shooter: ShooterPosition) => ({ shooter: shooter.playerId, shooterSeat: shooter.seat });
