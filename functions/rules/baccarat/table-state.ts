/** A baccarat table's state: its rounds, and the shoe in use. */
export interface BaccaratTableState {
  /** Rounds dealt at this table. */
  readonly roundCount: number;
  /** Cards dealt from the shoe in use (shoe tracking: a card the shoe cannot hold any more is refused). */
  readonly shoe: readonly string[];
  /** The shoe in use: 1 for the table's first, then one more at each startNewShoe (absent: 1). */
  readonly shoeNumber?: number;
  /** Rounds dealt from the shoe in use (voided rounds not counted; absent: none yet, or a table from before shoes were numbered). */
  readonly shoeHands?: number;
  /** The sequence of the first outcome after the shoe went in: the shoe's rounds are read from here (absent: 1). */
  readonly shoeFrom?: number;
}
