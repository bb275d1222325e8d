/**
 * Checks a table the server deals from its public history (docs/FAIRNESS.md, "Checking a table"):
 *
 *   npm run --silent verify -- --table demo-rng-baccarat [--shoe 3] [--url <GraphQL endpoint>]
 *
 * with a player's bearer token in VERIFY_TOKEN; against `npm start` (the default URL, or any on
 * this machine) a local player's token is made when none is given. Prints one line per roll or shoe, then a summary.
 * Exit code 0: everything checked holds; 1: something does not; 2: could not run.
 */
import { parseArgs } from 'node:util';
import { createDevAuthorizer } from '../local/dev-authorizer';
import { couldNotRunOnThrow, runAsCommandLine, type Command } from './command-line';
import { verifyTable } from './table-verification';

const LOCAL_URL = 'http://localhost:4000/graphql';

export const verifyCommand: Command = couldNotRunOnThrow('verify: ', async ({ args, env, out }) => {
  const { values } = parseArgs({
    args: [...args],
    options: { table: { type: 'string' }, shoe: { type: 'string' }, url: { type: 'string' } },
  });
  if (!values.table) throw new Error('usage: npm run --silent verify -- --table <id> [--shoe <number>] [--url <GraphQL endpoint>]');
  const shoe = values.shoe === undefined ? undefined : Number(values.shoe);
  if (shoe !== undefined && (!Number.isInteger(shoe) || shoe < 1)) throw new Error('--shoe is a shoe number: 1, 2, 3...');
  const url = values.url ?? LOCAL_URL;
  // Against this machine's `npm start`, a player's token signed by its key.
  const local = ['localhost', '127.0.0.1'].includes(new URL(url).hostname);
  const token =
    env.VERIFY_TOKEN ?? (local ? await (await createDevAuthorizer('.local/dev-signing-key.json')).issueToken('verifier') : undefined);
  if (!token) throw new Error('VERIFY_TOKEN: a bearer token the API accepts (any player of it)');
  const { lines, passed } = await verifyTable({ url, token, tableId: values.table, ...(shoe !== undefined ? { shoe } : {}) });
  for (const line of lines) await out(`${line}\n`);
  const count = (mark: string) => lines.filter((line) => line.startsWith(mark)).length;
  await out(`\n${count('ok')} hold, ${count('wait')} waiting for a reveal, ${count('FAIL')} FAIL\n`);
  return passed ? 0 : 1;
});

await runAsCommandLine(import.meta.url, verifyCommand);
