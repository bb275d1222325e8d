/** A player's protection as the store keeps it (docs/PLAYER-PROTECTION.md): restrictions, limits and the audit of their changes. */

/**
 * What keeps a player from betting and depositing for a while, or for good (docs/PLAYER-PROTECTION.md):
 * checked in the transaction of every bet and deposit of theirs.
 */
export interface RestrictionRecord {
  readonly playerId: string;
  /** A time-out: no bet or deposit before then. */
  readonly timeOutUntil?: string;
  /** A self-exclusion: no bet or deposit before then (PERMANENT_UNTIL for good). */
  readonly selfExclusionUntil?: string;
  /** The later of the two: what a bet's or deposit's condition reads. */
  readonly restrictedUntil?: string;
  /** An operator's block (a national register, say): until it is lifted. */
  readonly block?: { readonly by: string; readonly at: string; readonly reason: string };
  /** Set while `block` is: what a bet's or deposit's condition reads. */
  readonly blocked?: true;
  readonly version: number;
}

/** One limit as one side sets it: the amount in force (null: none), and a rise or removal waiting out its cooling-off. */
export interface LimitSetting {
  readonly amount: number | null;
  readonly pending?: { readonly amount: number | null; readonly effectiveAt: string };
}

/** A player's limits, by who set them (the lower of the two applies), each by "<kind>_<period>" (STAKE_DAY...). */
export interface LimitsRecord {
  readonly playerId: string;
  readonly player: Readonly<Record<string, LimitSetting>>;
  readonly operator: Readonly<Record<string, LimitSetting>>;
  readonly version: number;
}

/** One change of a player's protection, as the audit keeps it: who, when, what it was and became, from when. */
export interface ProtectionChangeRecord {
  readonly id: string;
  readonly playerId: string;
  readonly kind: 'TIME_OUT' | 'SELF_EXCLUSION' | 'BLOCK' | 'UNBLOCK' | 'LIMIT';
  /** A limit's change: which (STAKE_DAY...), and whose (PLAYER or OPERATOR). */
  readonly limit?: string;
  readonly setBy?: 'PLAYER' | 'OPERATOR';
  readonly by: string;
  readonly at: string;
  /** When it applies from (a restriction: at once). */
  readonly effectiveAt: string;
  /** What it was, and what it became (an until, or a block's reason), null where there was none. */
  readonly before: string | null;
  readonly after: string | null;
  readonly reason?: string;
}
