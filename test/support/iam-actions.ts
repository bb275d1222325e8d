/**
 * Records what a Db's client sends, as IAM authorizes it: each command as its action (a
 * transaction item by item), on the table or on the index it queries. What the stack grants each
 * function (infra/table-access.ts) is checked against what its code was seen to send.
 */
import type { Db } from '../../functions/store/kernel/db';

const ACTION_OF_COMMAND: Readonly<Record<string, string>> = {
  GetCommand: 'GetItem',
  PutCommand: 'PutItem',
  UpdateCommand: 'UpdateItem',
  DeleteCommand: 'DeleteItem',
  QueryCommand: 'Query',
  ScanCommand: 'Scan',
  BatchGetCommand: 'BatchGetItem',
  BatchWriteCommand: 'BatchWriteItem',
};
const ACTION_OF_TRANSACT_ITEM: Readonly<Record<string, string>> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
  Get: 'GetItem',
};

/** `table:<Action>` or `index/<name>:<Action>`, for one command. */
export function iamActionsOf(commandName: string, input: Record<string, any>): string[] {
  if (commandName === 'TransactWriteCommand' || commandName === 'TransactGetCommand') {
    return (input.TransactItems as Record<string, unknown>[]).map((item) => `table:${ACTION_OF_TRANSACT_ITEM[Object.keys(item)[0]!]}`);
  }
  const action = ACTION_OF_COMMAND[commandName];
  if (!action) throw new Error(`no IAM action known for ${commandName}`);
  return [`${input.IndexName ? `index/${input.IndexName}` : 'table'}:${action}`];
}

export function recordingIamActions(db: Db): Db & { readonly actions: Set<string> } {
  const actions = new Set<string>();
  const doc = new Proxy(db.doc, {
    get(target, property, receiver) {
      if (property !== 'send') return Reflect.get(target, property, receiver);
      return (command: { constructor: { name: string }; input: Record<string, any> }, ...rest: unknown[]) => {
        for (const action of iamActionsOf(command.constructor.name, command.input)) actions.add(action);
        return (target.send as (...args: unknown[]) => Promise<unknown>).call(target, command, ...rest);
      };
    },
  });
  return { ...db, doc, actions };
}
