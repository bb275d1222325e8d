import {
  initialCrapsState,
  isDecided,
  settleRoll,
  stakeReturned,
  validateBet,
  type BetResolution,
  type CrapsBet,
  type CrapsTableOptions,
  type CrapsTableState,
  type Roll,
} from '../../../../functions/rules/craps';

/**
 * A table as the services would drive it, kept in memory so that scenarios read like a game:
 * players place bets (validated), the dice roll, decided bets leave the layout and the
 * players' balances receive what `stakeReturned` says.
 */
export class Table {
  state: CrapsTableState = initialCrapsState();
  bets: CrapsBet[] = [];
  readonly balances = new Map<string, number>();
  last: { resolutions: Map<string, BetResolution>; sevenOut: boolean } = { resolutions: new Map(), sevenOut: false };
  private nextId = 0;

  constructor(readonly options: CrapsTableOptions) {}

  place(playerId: string, type: CrapsBet['type'], amount: number, on?: CrapsBet): CrapsBet {
    const bet: CrapsBet = {
      id: `${playerId}-${type}-${++this.nextId}`,
      playerId,
      type,
      amount,
      number: on?.number ?? null,
      baseBetId: on?.id ?? null,
    };
    validateBet(this.state, this.options, bet, this.bets);
    this.bets.push(bet);
    this.balances.set(playerId, this.balance(playerId) - amount);
    return bet;
  }

  roll(roll: Roll): this {
    const settled = settleRoll(this.state, this.options, this.bets, roll);
    const resolutions = new Map<string, BetResolution>();
    const stillUp: CrapsBet[] = [];
    this.bets.forEach((bet, i) => {
      const resolution = settled.resolutions[i]!;
      resolutions.set(bet.id, resolution);
      this.balances.set(bet.playerId, this.balance(bet.playerId) + stakeReturned(bet, resolution));
      if (resolution.outcome === 'MOVED') stillUp.push({ ...bet, number: resolution.number });
      else if (!isDecided(resolution)) stillUp.push(bet);
    });
    this.bets = stillUp;
    this.state = settled.state;
    this.last = { resolutions, sevenOut: settled.sevenOut };
    return this;
  }

  /** The resolution the last roll gave this bet. */
  outcomeOf(bet: CrapsBet): BetResolution | undefined {
    return this.last.resolutions.get(bet.id);
  }

  /** The bet as it stands on the layout now (a come bet carries its number once moved). */
  current(bet: CrapsBet): CrapsBet | undefined {
    return this.bets.find((open) => open.id === bet.id);
  }

  balance(playerId: string): number {
    return this.balances.get(playerId) ?? 0;
  }
}
