/**
 * A partner's server, placing a bet for one of its players and following it until it is settled,
 * with the typed client generated from schema.graphql (npm run codegen: client/generated). Each
 * operation below is typed end to end: its variables and its answer.
 */
import { graphql } from './generated';
import type { TypedDocumentString } from './generated/graphql';

export const PLACE_BET = graphql(`
  mutation PartnerPlaceBet($input: PlaceBetInput!) {
    placeBet(input: $input) {
      bet {
        id
        status
        amount
      }
      userErrors {
        code
        message
      }
    }
  }
`);

export const BET_STATUS = graphql(`
  query PartnerBetStatus($id: ID!) {
    bet(id: $id) {
      id
      status
      winnings
      returned
      settledInRound
    }
  }
`);

/**
 * What the API answered: the data, or a refusal's `code` (one of ErrorCode): a GraphQL error's
 * (no token, a race lost, a fault), or the first of a mutation's userErrors (a rule, not enough
 * money), which the caller reads from the data.
 */
export type Answer<T> = { readonly data: T } | { readonly code: string; readonly message: string };

/** Sends one typed operation to the API with the player's token (from the partner's token broker). */
export async function send<TResult, TVariables>(
  url: string,
  token: string,
  operation: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
): Promise<Answer<TResult>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: operation.toString(), variables }),
  });
  const body = (await response.json()) as { data?: TResult; errors?: { message: string; extensions?: { code?: string } }[] };
  const [error] = body.errors ?? [];
  if (error) return { code: error.extensions?.code ?? `HTTP_${response.status}`, message: error.message };
  return { data: body.data! };
}

/**
 * Places the bet (with the partner's own idempotency key, so that a retry never bets twice), then
 * asks for it until the table's outcome has settled it (subscriptions will replace the asking).
 */
export async function placeAndFollow(
  url: string,
  token: string,
  bet: {
    readonly tableId: string;
    readonly type: 'FIELD' | 'PASS_LINE' | 'BANKER' | 'PLAYER';
    readonly amount: number;
    readonly key: string;
  },
  { everyMs = 500, forMs = 60_000 } = {},
) {
  const placed = await send(url, token, PLACE_BET, {
    input: { tableId: bet.tableId, type: bet.type, amount: bet.amount, idempotencyKey: bet.key },
  });
  if ('code' in placed) return placed;
  // An expected refusal is data: the payload's userErrors, each code one of PlaceBetErrorCode.
  const { bet: laid, userErrors } = placed.data.placeBet!;
  if (!laid) return { code: userErrors[0]!.code, message: userErrors[0]!.message };
  const id = laid.id;
  for (const until = Date.now() + forMs; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, everyMs))) {
    const status = await send(url, token, BET_STATUS, { id });
    if ('code' in status) return status;
    if (status.data.bet && status.data.bet.status !== 'OPEN') return { data: status.data.bet };
  }
  return { code: 'TIMEOUT', message: `The bet was not settled within ${forMs} ms.` };
}
