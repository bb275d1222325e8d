import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './db';
import type { TransactAction } from './transact-action';
import { cancellationReasons, isRetryable } from './transaction-cancellation';

/**
 * One TransactWriteItems whose actions are named, so that a refusal is read by what was refused
 * (`refused.has('account')`) instead of by the position DynamoDB reports its reasons in. A name
 * may hold several actions (a table's gate shards), or none (an action the case leaves out).
 */
/** The most actions DynamoDB takes in one TransactWriteItems. */
export const TRANSACTION_ITEMS = 100;

export type NamedActions<N extends string> = { readonly [Name in N]: TransactAction | readonly TransactAction[] | undefined };

export type Transacted<N extends string> =
  | { readonly written: true }
  | {
      readonly written: false;
      /** The names whose condition refused the transaction: nothing was written. */
      readonly refused: ReadonlySet<N>;
      /** The item as it stood, where the refused action asked for it (ReturnValuesOnConditionCheckFailure). */
      readonly current: (name: N) => Record<string, unknown> | undefined;
    };

/** The command's input, the actions in the order named, and each item's name by its position. Pure. */
export function namedTransaction<N extends string>(
  actions: NamedActions<N>,
): { readonly input: TransactWriteCommandInput; readonly names: N[] } {
  const TransactItems: TransactAction[] = [];
  const names: N[] = [];
  for (const [name, action] of Object.entries(actions) as [N, TransactAction | readonly TransactAction[] | undefined][]) {
    for (const one of action === undefined ? [] : Array.isArray(action) ? action : [action as TransactAction]) {
      TransactItems.push(one);
      names.push(name);
    }
  }
  return { input: { TransactItems }, names };
}

/** What DynamoDB's cancellation says of the named actions, by name. */
export function refusalOf<N extends string>(names: readonly N[], error: unknown): Extract<Transacted<N>, { written: false }> | undefined {
  const reasons = cancellationReasons(error);
  if (!reasons) return undefined;
  const refused = new Map<N, Record<string, unknown> | undefined>();
  reasons.forEach((reason, index) => {
    const name = names[index];
    if (reason.Code === 'ConditionalCheckFailed' && name !== undefined && !refused.has(name)) refused.set(name, reason.Item);
  });
  if (refused.size === 0) return undefined;
  return { written: false, refused: new Set(refused.keys()), current: (name) => refused.get(name) };
}

/**
 * Sends the actions as one transaction: written, or refused by the named actions' conditions
 * (nothing written). A lost race or throttling is thrown as DynamoDB's error (isRetryable: the
 * caller sends it again, or says it raced), and so is anything else.
 */
export async function transact<N extends string>(db: Db, actions: NamedActions<N>): Promise<Transacted<N>> {
  const { input, names } = namedTransaction(actions);
  try {
    await db.doc.send(new TransactWriteCommand(input));
    return { written: true };
  } catch (error) {
    // A race first: the conditions a transaction in flight held may pass once it is done.
    if (isRetryable(error)) throw error;
    const refusal = refusalOf(names, error);
    if (refusal) return refusal;
    throw error;
  }
}

export type Created = 'CREATED' | 'EXISTS' | 'RACED';

/**
 * A transaction that creates an item (the action named `created`, conditioned on no item having
 * its key) with the others: EXISTS if an item has its key, RACED if a transaction in flight held
 * one of its items; nothing written either way.
 */
export async function createTogether<N extends string>(db: Db, created: NoInfer<N>, actions: NamedActions<N>): Promise<Created> {
  try {
    const sent = await transact(db, actions);
    if (sent.written) return 'CREATED';
    if (sent.refused.has(created)) return 'EXISTS';
    throw new Error(`creating ${created} was refused for ${[...sent.refused].join(', ')}`);
  } catch (error) {
    if (isRetryable(error)) return 'RACED';
    throw error;
  }
}
