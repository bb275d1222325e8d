/**
 * What `npm run verify` checks (docs/FAIRNESS.md, "Checking a table"): a table the server deals,
 * read from the public API alone (a player's token is enough), checked by the same steps an
 * independent verifier follows: every revealed seed against the commitment published before any
 * bet, every roll's dice; at baccarat, the reveal every deal of a shoe shows (the same on each,
 * none while the shoe is in play), and a finished shoe's burn and every round, card by card, in order.
 */
import { parseCard, type Card } from '../functions/rules/baccarat';
import { dealtShoeOf } from '../functions/fairness/rng-shoe';
import { verifyRoll, verifyShoe, verifyShoeReveals } from '../functions/fairness/verification';

export interface TableVerificationOptions {
  /** The GraphQL endpoint. */
  readonly url: string;
  /** A bearer token the API accepts (any player's). */
  readonly token: string;
  readonly tableId: string;
  /** Baccarat: this shoe alone. */
  readonly shoe?: number;
  readonly fetch?: typeof fetch;
}

export interface TableVerification {
  /** One line per roll or shoe checked, each starting with ok, FAIL or wait (a shoe not over yet). */
  readonly lines: string[];
  readonly passed: boolean;
}

interface Fairness {
  readonly commitment: string;
  readonly seed: string | null;
  readonly salt: string | null;
  /** A deal's: its shoe's burn, once revealed. */
  readonly burn?: string[] | null;
}
interface RollNode {
  readonly sequence: number;
  readonly dice: number[] | null;
  readonly fairness: Fairness | null;
}
interface DealNode {
  readonly sequence: number;
  readonly shoe: number | null;
  readonly shoePosition: number | null;
  readonly cards: string[];
  readonly fairness: Fairness | null;
}

const PAGE = 200;
const TABLE = `query ($t: ID!) { table(id: $t) { __typename dealing fairness { commitment shoe }
  ... on BaccaratTable { options { decks } } } }`;
const ROLLS = `query ($t: ID!, $first: Int!, $after: String) { table(id: $t) { ... on CrapsTable {
  rolls(first: $first, after: $after) { edges { node { sequence dice fairness { commitment seed salt } } } pageInfo { hasNextPage endCursor } } } } }`;
const DEALS = `query ($t: ID!, $first: Int!, $after: String) { table(id: $t) { ... on BaccaratTable {
  deals(first: $first, after: $after) { edges { node { sequence shoe shoePosition cards fairness { commitment seed salt burn } } } pageInfo { hasNextPage endCursor } } } } }`;

export async function verifyTable(options: TableVerificationOptions): Promise<TableVerification> {
  const request = async (query: string, variables: Record<string, unknown>): Promise<any> => {
    const response = await (options.fetch ?? fetch)(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      data?: any;
      errors?: { message: string; extensions?: { code?: string } }[];
    };
    if (body.errors?.length) throw new Error(`the API answered ${body.errors.map((e) => e.extensions?.code ?? e.message).join(', ')}`);
    if (!response.ok || !body.data) throw new Error(`the API answered HTTP ${response.status}`);
    return body.data;
  };
  const pages = async <N>(query: string, field: 'rolls' | 'deals'): Promise<N[]> => {
    const nodes: N[] = [];
    let after: string | null = null;
    for (;;) {
      const connection: any = (await request(query, { t: options.tableId, first: PAGE, after })).table[field];
      nodes.push(...connection.edges.map((edge: { node: N }) => edge.node));
      if (!connection.pageInfo.hasNextPage) return nodes;
      after = connection.pageInfo.endCursor;
    }
  };

  const readTable = async () => (await request(TABLE, { t: options.tableId })).table;
  const table = await readTable();
  if (!table) throw new Error('no table with that id');
  if (table.dealing !== 'RNG') throw new Error('a dealer deals this table: there is nothing the server drew to check');
  if (table.__typename === 'CrapsTable') return summary(checkRolls(await pages<RollNode>(ROLLS, 'rolls')));
  // The deals are read page by page: a shoe that ended meanwhile would show its reveal on the deals
  // read after its end and none on those read before. Read them again until no shoe ended under the reading.
  let inPlay: number | null = table.fairness?.shoe ?? null;
  for (let attempt = 1; ; attempt++) {
    const deals = await pages<DealNode>(DEALS, 'deals');
    const after: number | null = (await readTable())?.fairness?.shoe ?? null;
    if (after === inPlay || attempt === READINGS) return summary(checkShoes(deals, table.options.decks, after, options.shoe));
    inPlay = after;
  }
}

/** How often a baccarat table's deals are read, at most, when a shoe ends while they are being read (one ends every twenty minutes or so). */
const READINGS = 3;

const summary = (lines: string[]): TableVerification => ({ lines, passed: lines.every((line) => !line.startsWith('FAIL')) });

/** Each roll against its own revealed seed; a seed used twice, or a roll without one, fails. */
function checkRolls(rolls: readonly RollNode[]): string[] {
  const seen = new Set<string>();
  return [...rolls]
    .filter((roll) => roll.dice !== null)
    .sort((a, b) => a.sequence - b.sequence)
    .map((roll) => {
      const name = `roll ${roll.sequence} (${roll.dice!.join(' ')})`;
      const { fairness } = roll;
      if (!fairness?.seed || !fairness.salt) return `FAIL  ${name}: no seed revealed for it`;
      if (seen.has(fairness.commitment)) return `FAIL  ${name}: its commitment was used by an earlier roll`;
      seen.add(fairness.commitment);
      const verdict = verifyRoll({ commitment: fairness.commitment, seed: fairness.seed, salt: fairness.salt }, roll.dice!);
      return verdict.ok
        ? `ok    ${name}: drawn from its seed, committed to as ${fairness.commitment}`
        : `FAIL  ${name}: ${verdict.problem}`;
    });
}

/**
 * Each shoe: every deal showing the same commitment and the same reveal (none while the shoe is in
 * play); once revealed, its burn and every round in order against the seed, and a finished shoe whole.
 */
function checkShoes(deals: readonly DealNode[], decks: number, shoeInPlay: number | null, only?: number): string[] {
  const shoes = new Map<number, DealNode[]>();
  for (const deal of deals) {
    if (deal.shoe === null || (only !== undefined && deal.shoe !== only)) continue;
    shoes.set(deal.shoe, [...(shoes.get(deal.shoe) ?? []), deal]);
  }
  if (only !== undefined && !shoes.has(only)) return [`FAIL  shoe ${only}: no round of it was dealt`];
  return [...shoes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([shoe, rounds]) => {
      const ordered = [...rounds].sort((a, b) => a.sequence - b.sequence);
      const name = `shoe ${shoe} (${ordered.length} rounds)`;
      const inPlay = shoe === shoeInPlay;
      // Every deal's reveal, not the first one's alone: each must show the same, and none while the shoe is in play.
      const shown = verifyShoeReveals(ordered, inPlay);
      if (!shown.ok) return `FAIL  ${name}: ${shown.problem}`;
      if (ordered.some((deal, index) => deal.shoePosition !== index + 1)) return `FAIL  ${name}: its rounds are not numbered 1, 2, 3...`;
      const { commitment, reveal } = shown;
      if (!reveal) {
        return inPlay
          ? `wait  ${name}: the shoe is in play; its seed is revealed when it is over (commitment ${commitment})`
          : `FAIL  ${name}: the shoe is over but its seed was not revealed`;
      }
      if (!reveal.burn) return `FAIL  ${name}: the shoe is over but its burn was not published`;
      let burn: Card[];
      let dealt: Card[][];
      try {
        burn = reveal.burn.map(parseCard);
        dealt = ordered.map((deal) => deal.cards.map(parseCard));
      } catch {
        return `FAIL  ${name}: a card of its burn or rounds is not written as a card ("10H", "AS")`;
      }
      const verdict = verifyShoe({ commitment, seed: reveal.seed, salt: reveal.salt }, decks, { burn, rounds: dealt });
      if (!verdict.ok) return `FAIL  ${name}: ${verdict.problem}`;
      const whole = dealtShoeOf(reveal.seed, decks).rounds.length;
      if (ordered.length !== whole) return `FAIL  ${name}: the seed deals ${whole} rounds, the table dealt ${ordered.length}`;
      return `ok    ${name}: its burn and every card dealt from its seed, committed to as ${commitment}`;
    });
}
