/**
 * The bets' names in English, as the regulations' English texts and the tables' layouts call
 * them: what the API's messages say (a client names them in its own language). Pure.
 */
const SPECIAL: Readonly<Record<string, string>> = {
  DONT_PASS: "Don't Pass",
  DONT_PASS_ODDS: "Don't Pass Odds",
  DONT_COME: "Don't Come",
  DONT_COME_ODDS: "Don't Come Odds",
  ACE_DEUCE: 'Ace-Deuce',
  DRAGON_7: 'Dragon 7',
};

/** PASS_LINE → "Pass Line", HARD_4 → "Hard 4", DONT_PASS → "Don't Pass". */
export function betTypeName(type: string): string {
  return (
    SPECIAL[type] ??
    type
      .split('_')
      .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
      .join(' ')
  );
}
