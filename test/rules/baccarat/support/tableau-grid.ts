/**
 * The Punto Banco tableau as docs/RULES.md prints it, written out cell by cell: rows are the Banker's
 * two-card total, columns the value of the Player's third card (0..9); D draws, S stands.
 */
export const BANKER_AFTER_PLAYER_DRAWS: Record<number, string> = {
  0: 'DDDDDDDDDD',
  1: 'DDDDDDDDDD',
  2: 'DDDDDDDDDD',
  3: 'DDDDDDDDSD', // draws unless the Player's third card is an 8
  4: 'SSDDDDDDSS', // draws on 2..7
  5: 'SSSSDDDDSS', // draws on 4..7
  6: 'SSSSSSDDSS', // draws on 6..7
  7: 'SSSSSSSSSS',
};
