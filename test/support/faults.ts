/**
 * Fault injection for what DynamoDB Local cannot produce: a crash between two writes, a
 * TransactionConflictException. Everything else still goes to the real DynamoDB Local. A hook may
 * also hold a command (answer a promise) until the test has done something else meanwhile: money
 * moved between two reads, in the order the test chose.
 */
import type { Db } from '../../functions/store/kernel/db';

type Fault = Error | undefined;

export interface FaultPlan {
  /** Called before each command is sent (with its input); return an error to throw instead of sending it (or a promise of one: the command waits for it). */
  before?(commandName: string, count: number, input: Record<string, any>): Fault | Promise<Fault>;
  /** Called after a command succeeded; return an error to throw as if the reply was lost (or a promise of one: the reply waits for it). */
  after?(commandName: string, count: number, input: Record<string, any>): Fault | Promise<Fault>;
}

export function withFaults(db: Db, plan: FaultPlan): Db & { sent: string[] } {
  const sent: string[] = [];
  const counts = new Map<string, number>();
  const doc = new Proxy(db.doc, {
    get(target, property, receiver) {
      if (property !== 'send') return Reflect.get(target, property, receiver);
      return async (command: { constructor: { name: string }; input: Record<string, any> }, ...rest: unknown[]) => {
        const name = command.constructor.name;
        const count = (counts.get(name) ?? 0) + 1;
        counts.set(name, count);
        const held = plan.before?.(name, count, command.input);
        const before = held instanceof Promise ? await held : held;
        if (before) throw before;
        const result = await (target.send as (...args: unknown[]) => Promise<unknown>).call(target, command, ...rest);
        sent.push(name);
        const holding = plan.after?.(name, count, command.input);
        const after = holding instanceof Promise ? await holding : holding;
        if (after) throw after;
        return result;
      };
    },
  });
  return { ...db, doc, sent };
}

export const crash = (): Error => Object.assign(new Error('simulated crash: the process died here'), { name: 'SimulatedCrash' });

/** What real DynamoDB throws when two transactions touch one item at once. */
export const transactionConflict = (): Error =>
  Object.assign(new Error('Transaction is ongoing for the item'), { name: 'TransactionConflictException' });

/** A transaction cancelled because another one held an item (real DynamoDB only). */
export const cancelledByConflict = (items: number): Error =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: Array.from({ length: items }, (_, i) => ({ Code: i === 0 ? 'TransactionConflict' : 'None' })),
  });
