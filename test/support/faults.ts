/**
 * Fault injection for what DynamoDB Local cannot produce: a crash between two writes, a
 * TransactionConflictException. Everything else still goes to the real DynamoDB Local.
 */
import type { Db } from '../../functions/store/kernel/db';

export interface FaultPlan {
  /** Called before each command is sent (with its input); return an error to throw instead of sending it. */
  before?(commandName: string, count: number, input: Record<string, any>): Error | undefined;
  /** Called after a command succeeded; return an error to throw as if the reply was lost. */
  after?(commandName: string, count: number): Error | undefined;
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
        const before = plan.before?.(name, count, command.input);
        if (before) throw before;
        const result = await (target.send as (...args: unknown[]) => Promise<unknown>).call(target, command, ...rest);
        sent.push(name);
        const after = plan.after?.(name, count);
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
