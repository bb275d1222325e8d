import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { answeredError, requestRefusal } from './errors';
import {
  LAYOUT_REFRESHES_PER_REQUEST,
  MAX_READS_PER_REQUEST,
  MAX_WALLET_CALLS_PER_REQUEST,
  REQUEST_TOO_EXPENSIVE,
  type ReadBudget,
} from '../services/kernel/read-budget';
import { BOOK_SHARDS, DEFAULT_BET_SHARDS, WALLET_DUE_SHARDS } from '../store/kernel/keys';
import { fieldKey, fragmentsOf, named, rootOf, type SchemaType } from './schema-shape';

/**
 * What one request may ask: checked before anything runs, so that no document can make the
 * server place a thousand bets and then answer with one error, or read a table three thousand
 * times over. Each limit refuses the whole request (nothing done) with a code of ErrorCode. What
 * the request then reads is bounded as it runs (services/kernel/read-budget.ts).
 */

export { MAX_READS_PER_REQUEST, REQUEST_TOO_EXPENSIVE } from '../services/kernel/read-budget';

/** A request body's bytes at most (a document of this API is a few kilobytes): beyond, HTTP 413. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Top-level mutations in one document at most (each moves money or a table): beyond, BAD_USER_INPUT. */
export const MAX_MUTATIONS_PER_DOCUMENT = 20;
/**
 * What a document may cost: one per field it selects, times the number of items each list above it
 * may hold (a `first` or `last` argument, its default, or LIST_ESTIMATE for a list without one).
 */
export const MAX_COST = 25_000;
const LIST_ESTIMATE = 10;
/**
 * How deep a document may nest its selections (fields, inline fragments and fragments within each
 * other). No type of the schema leads back to itself, so fields nest at most 7 deep
 * (test/api/requests/nesting-depth.test.ts keeps it so); this leaves room for the fragments a client
 * groups them in, and bounds the walks that read a document. Deeper: BAD_USER_INPUT.
 */
export const MAX_SELECTION_DEPTH = 32;

/**
 * What one resolution of a field may read of the store, at most, in reads as the request's read
 * budget counts them (services/kernel/read-budget.ts). A document's estimate is their sum, each times the
 * items of the lists above it; past MAX_READS_PER_REQUEST the document is refused before anything
 * runs (REQUEST_TOO_EXPENSIVE). Fields not listed read nothing of their own, or an item or two the
 * document cannot multiply; the budget, counted as the request runs, bounds whatever this misses.
 */
export const FIELD_READS: Readonly<Record<string, number>> = {
  // A lobby page: a query of its entries and a batch read of its tables.
  'Query.tables': 2,
  'Query.table': 1,
  'Query.me': 1,
  'Query.account': 1,
  'Query.bet': 1,
  'Query.jackpotPool': 1,
  'Query.cashMovement': 1,
  'Query.partnerCredentials': 1,
  // A day's journals: a range of each of the book's shards at least.
  'Query.dailyReport': BOOK_SHARDS + 1,
  // The currencies, the latest day check of each, and the checks that found something (daily checks).
  'Query.reconciliation': 8,
  'Account.bets': 1,
  // The account before and after a page of its journals.
  'Account.statement': 3,
  // Every shard's open bets, for whoever runs the table (a player's own: one query). Estimated at a
  // table of the default shard count: a table opened with more (up to 512) costs its own count
  // as the request runs, which the read budget bounds.
  'Table.openBets': DEFAULT_BET_SHARDS,
  // The stored totals: one item (the refreshes a request may make are counted once, below).
  'Table.layout': 1,
  // A shoe's rounds: a page or two of outcomes.
  'BaccaratTable.roads': 2,
  'Table.seatsTaken': 1,
  'CrapsTable.rolls': 1,
  'BaccaratTable.deals': 1,
  // Its shoe's seed, once revealed (once per shoe per request).
  'Deal.fairness': 1,
  'Table.myLimits': 2,
  'TableJackpot.pool': 1,
  // A partner's day of wallet calls: each of its report partitions at least (the totals, and the deprecated calls, read the whole day).
  'PartnerWalletReport.totals': WALLET_DUE_SHARDS,
  'PartnerWalletReport.calls': WALLET_DUE_SHARDS,
  'PartnerWalletReport.callPage': WALLET_DUE_SHARDS,
  'Bet.balanceAfterPlacement': 2,
  'Bet.balanceAfterSettlement': 2,
  // Recording an outcome, voiding a round, closing betting or a table read the layout (closing a table, up to three times),
  // estimated at the default shard count as above.
  'Mutation.submitRoll': DEFAULT_BET_SHARDS + 16,
  'Mutation.submitDeal': DEFAULT_BET_SHARDS + 16,
  'Mutation.voidRound': DEFAULT_BET_SHARDS + 16,
  'Mutation.closeBetting': DEFAULT_BET_SHARDS + 2,
  'Mutation.closeTable': 3 * DEFAULT_BET_SHARDS + 16,
};

/**
 * The calls to a partner's wallet one resolution of a field may make (services/kernel/read-budget.ts):
 * a document's estimate past MAX_WALLET_CALLS_PER_REQUEST is refused before any is made.
 */
export const FIELD_WALLET_CALLS: Readonly<Record<string, number>> = {
  'Query.walletBalance': 1,
  // A seamless player's stake is debited from their wallet.
  'Mutation.placeBet': 1,
  // A session's token is authenticated by the wallet.
  'Mutation.startWalletSession': 1,
};

/** Reads a request makes once, however many times it asks the field: the layout refreshes it may make. */
const READS_ONCE_PER_REQUEST: Readonly<Record<string, number>> = {
  'Table.layout': LAYOUT_REFRESHES_PER_REQUEST * DEFAULT_BET_SHARDS,
};

/** The answer to a body past MAX_BODY_BYTES, or undefined. */
export const PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE';

export function bodyTooLarge(event: APIGatewayProxyEventV2): APIGatewayProxyStructuredResultV2 | undefined {
  const bytes = event.body === undefined ? 0 : Buffer.byteLength(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes <= MAX_BODY_BYTES) return undefined;
  return {
    statusCode: 413,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      errors: [answeredError(PAYLOAD_TOO_LARGE, `A request body may be at most ${MAX_BODY_BYTES} bytes.`)],
    }),
  };
}

export function requestLimits<Context extends { readonly deps: { readonly reads?: ReadBudget } }>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        // A query past its read budget is refused whole, not answered in part: it changed nothing.
        // A mutation's answer stays as it ran: each mutation stands or falls alone, and those before
        // the refused one did what they say.
        async willSendResponse({ contextValue, operation, response }) {
          if (!contextValue.deps.reads?.refused || operation?.operation !== 'query' || response.body.kind !== 'single') return;
          const refused = response.body.singleResult.errors?.find((error) => error.extensions?.code === REQUEST_TOO_EXPENSIVE);
          if (refused) response.body.singleResult = { errors: [refused] };
        },
        async didResolveOperation({ document, schema, operation, request }) {
          if (!operation) return;
          if (operation.operation === 'subscription') {
            throw requestRefusal('Subscriptions are served over WebSocket (the graphql-ws protocol), not over HTTP.', 'BAD_REQUEST');
          }
          const refused = overLimits(schema, document, operation, request.variables ?? {});
          if (refused) throw refused;
        },
      };
    },
  };
}

/** The refusal of an operation past the limits above, or undefined (also checked on subscriptions). */
export function overLimits(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  const fragments = fragmentsOf(document);
  if (operation.operation === 'mutation' && topLevelFields(operation.selectionSet, fragments) > MAX_MUTATIONS_PER_DOCUMENT) {
    return refusal(`A document may hold at most ${MAX_MUTATIONS_PER_DOCUMENT} mutations.`);
  }
  const root = rootOf(schema, operation.operation);
  const { cost, reads, walletCalls, tooDeep } = root
    ? measured(schema, fragments, variables)(root, operation.selectionSet)
    : { cost: 0, reads: 0, walletCalls: 0, tooDeep: false };
  if (tooDeep) return refusal(`A document may nest its selections (fields and fragments) at most ${MAX_SELECTION_DEPTH} deep.`);
  if (cost > MAX_COST)
    return refusal(`This document would cost ${cost}; a request may cost at most ${MAX_COST} (fields times list sizes).`);
  if (walletCalls > MAX_WALLET_CALLS_PER_REQUEST)
    return requestRefusal(
      `This document could call the wallet ${walletCalls} times; a request may call it at most ${MAX_WALLET_CALLS_PER_REQUEST} times: ask for the balance once.`,
      REQUEST_TOO_EXPENSIVE,
    );
  return reads > MAX_READS_PER_REQUEST
    ? requestRefusal(
        `This document could read the store ${reads} times; a request may read it at most ${MAX_READS_PER_REQUEST} times: ask for fewer tables or fields at once.`,
        REQUEST_TOO_EXPENSIVE,
      )
    : undefined;
}

const refusal = (message: string) => requestRefusal(message);

const isList = (type: SchemaType): boolean => String(type).startsWith('[');

/** The mutations a document runs: its root fields, through its fragments, each fragment once (as graphql-js collects them). */
function topLevelFields(selections: SelectionSetNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): number {
  let count = 0;
  const sets = [selections];
  const spread = new Set<string>();
  while (sets.length > 0) {
    for (const selection of sets.pop()!.selections) {
      if (selection.kind === Kind.FIELD) count += selection.name.value.startsWith('__') ? 0 : 1;
      else if (selection.kind === Kind.INLINE_FRAGMENT) sets.push(selection.selectionSet);
      else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value);
        const inner = fragments.get(selection.name.value)?.selectionSet;
        if (inner) sets.push(inner);
      }
    }
  }
  return count;
}

interface Measure {
  /** Fields, each times the items of the lists above it. */
  cost: number;
  /** The reads of the store they may make (FIELD_READS), times the same. */
  reads: number;
  /** The calls to a partner's wallet they may make (FIELD_WALLET_CALLS), times the same. */
  walletCalls: number;
}

/** One selection set's measure, for one of it (cost and reads scale with how many there are), and how deep it nests (itself: 1). */
interface Nested extends Measure {
  depth: number;
}

/**
 * The measure of an operation's selections. Each fragment is measured once, however often it is
 * spread (a document of 30 fragments, each spreading the next twice, would otherwise be walked 2^30
 * times), and the walk stops past MAX_SELECTION_DEPTH, so that its recursion is bounded too.
 */
function measured(schema: GraphQLSchema, fragments: ReadonlyMap<string, FragmentDefinitionNode>, variables: Record<string, unknown>) {
  const typeOf = (name: string) => schema.getType(name) as unknown as SchemaType | undefined;
  const once = new Set<string>();
  const ofFragment = new Map<string, Nested>();
  let tooDeep = false;
  const measure = (parent: SchemaType, selections: SelectionSetNode, depth: number, spread: Set<string>): Nested => {
    const total: Nested = { cost: 0, reads: 0, walletCalls: 0, depth: 1 };
    if (depth > MAX_SELECTION_DEPTH) tooDeep = true;
    const add = (inner: Nested, items: number) => {
      total.cost += items * inner.cost;
      total.reads += items * inner.reads;
      total.walletCalls += items * inner.walletCalls;
      total.depth = Math.max(total.depth, 1 + inner.depth);
    };
    for (const selection of selections.selections) {
      if (tooDeep) break;
      if (selection.kind === Kind.FIELD) {
        const key = fieldKey(parent, selection.name.value);
        total.cost += 1;
        total.reads += FIELD_READS[key] ?? 0;
        total.walletCalls += FIELD_WALLET_CALLS[key] ?? 0;
        if (READS_ONCE_PER_REQUEST[key] !== undefined) once.add(key);
        const field = named(parent).getFields?.()[selection.name.value];
        if (!field || !selection.selectionSet) continue;
        add(
          measure(named(field.type), selection.selectionSet, depth + 1, spread),
          itemsOf(field, key, selection.arguments ?? [], variables),
        );
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? typeOf(selection.typeCondition.name.value) : parent;
        if (type) add(measure(type, selection.selectionSet, depth + 1, spread), 1);
      } else if (!spread.has(selection.name.value)) {
        // (A fragment within itself is a cycle, which validation refuses before.)
        const name = selection.name.value;
        const fragment = fragments.get(name);
        const type = fragment && typeOf(fragment.typeCondition.name.value);
        if (!fragment || !type) continue;
        let inner = ofFragment.get(name);
        if (inner) tooDeep ||= depth + inner.depth > MAX_SELECTION_DEPTH;
        else {
          spread.add(name);
          inner = measure(type, fragment.selectionSet, depth + 1, spread);
          spread.delete(name);
          ofFragment.set(name, inner);
        }
        add(inner, 1);
      }
    }
    return total;
  };
  return (root: SchemaType, selections: SelectionSetNode): Measure & { tooDeep: boolean } => {
    const { cost, reads, walletCalls } = measure(root, selections, 1, new Set());
    const readsOnce = [...once].reduce((sum, key) => sum + READS_ONCE_PER_REQUEST[key]!, 0);
    return { cost, reads: reads + readsOnce, walletCalls, tooDeep };
  };
}

/** How many items a field's result may hold: its page size, or an estimate for a list without one. */
function itemsOf(
  field: { readonly type: SchemaType; readonly args?: readonly { readonly name: string; readonly defaultValue?: unknown }[] },
  key: string,
  args: readonly { readonly name: { readonly value: string }; readonly value: ValueNode }[],
  variables: Record<string, unknown>,
): number {
  for (const name of ['first', 'last']) {
    const declared = field.args?.find((arg) => arg.name === name);
    if (!declared) continue;
    const given = args.find((arg) => arg.name.value === name)?.value;
    const value =
      given?.kind === Kind.INT ? Number(given.value) : given?.kind === Kind.VARIABLE ? variables[given.name.value] : declared.defaultValue;
    return typeof value === 'number' && value > 0 ? value : LIST_ESTIMATE;
  }
  // A connection's edges, and a page's items, are as many as its page, counted on the connection's or the page's field.
  return isList(field.type) && !String(named(field.type)).endsWith('Edge') && !PAGE_ITEMS.has(key) ? LIST_ESTIMATE : 1;
}

/** The lists of a page type whose field takes the page's size (`first`): their items are counted there, once. */
const PAGE_ITEMS: ReadonlySet<string> = new Set(['WalletCallPage.calls']);
