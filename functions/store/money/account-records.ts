/** A player's account as the store keeps it, and the cashier's movements of its money. */

export interface AccountRecord {
  readonly id: string;
  readonly currency: string;
  readonly balance: number;
  /** Journals written about the account (each movement of its money writes one). */
  readonly journals?: number;
  /** The sort key of the journal that moved the balance last (balance-after.ts). */
  readonly lastJournal?: string;
  /**
   * The reserves of the player's open bets at every table (rules/money.ts, MAX_EXPOSURE): the
   * most they could still return. Not money: never journalled. Absent until the first bet.
   */
  readonly exposure?: number;
  /**
   * The player's restrictions as their restriction item holds them (RestrictionRecord): kept here
   * too, in the same transactions, so that a bet or deposit checks them in the write it makes anyway.
   */
  readonly restrictedUntil?: string;
  readonly blocked?: true;
  /** Reality checks (docs/PLAYER-PROTECTION.md): every how many minutes, the next one due, the last one told, the last one acknowledged. */
  readonly rcEvery?: number;
  readonly rcDueAt?: string;
  readonly rcToldAt?: string;
  readonly rcAckedAt?: string;
  /** The session a reality check reports: its start, what was staked and paid back since. */
  readonly sessionAt?: string;
  readonly sessionStaked?: number;
  readonly sessionReturned?: number;
  /**
   * Session-time limits (store/protection/play-time.ts): present only while one is in force, the
   * end of the play time last counted; a stake after it counts the next step.
   */
  readonly playUntil?: string;
  readonly createdAt: string;
}

/** Money in or out of an account at the cashier, recorded once per client reference. */
export interface CashMovementRecord {
  readonly playerId: string;
  readonly reference: string;
  readonly kind: 'DEPOSIT' | 'WITHDRAWAL';
  readonly amount: number;
  /** The account's currency. */
  readonly currency: string;
  readonly at: string;
  /** The operator who moved it (the token's subject). */
  readonly actor: string;
}
