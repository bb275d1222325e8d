/**
 * A local bearer token for anyone, signed by the key `npm start` uses (.local/dev-signing-key.json),
 * valid for 12 hours:
 *
 *   npm run --silent token -- --sub alice --partner p1 --role player
 *   npm run --silent token -- --sub dan --role dealer --table demo-craps --table demo-baccarat
 *
 * --role and --table may be given more than once. The token carries exactly the claims the API
 * reads (docs/TOKENS.md), checked by the API's own reading of them (graphql/context.ts): claims the
 * API would refuse (a role it does not know, a partner id out of form) are refused here, saying
 * why, with exit code 2 and no token.
 */
import { parseArgs } from 'node:util';
import { createDevAuthorizer, identityClaims } from '../local/dev-authorizer';
import { callerFromClaims } from '../functions/graphql/context';
import { runAsCommandLine, type Command } from './command-line';

const USAGE = 'usage: npm run --silent token -- --sub <subject> [--partner <id>] [--role player|dealer|operator]... [--table <id>]...';

export const tokenCommand: Command = async ({ args, out, err }) => {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        sub: { type: 'string' },
        partner: { type: 'string' },
        role: { type: 'string', multiple: true, default: [] },
        table: { type: 'string', multiple: true, default: [] },
      },
    }));
  } catch (error) {
    err(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const sub = values.sub;
  if (sub === undefined) {
    err(`${USAGE}\n`);
    return 2;
  }
  const claims = {
    ...(values.table.length > 0 ? { tables: values.table } : {}),
    ...(values.partner !== undefined ? { partner: values.partner } : {}),
  };
  // As the API will read the token: a token it would refuse is not made.
  const { refusal } = callerFromClaims(identityClaims(sub, values.role, claims));
  if (refusal !== undefined) {
    err(`The API would refuse this token: ${refusal}\n${USAGE}\n`);
    return 2;
  }
  const authorizer = await createDevAuthorizer('.local/dev-signing-key.json');
  await out(`${await authorizer.issueToken(sub, values.role, claims)}\n`);
  return 0;
};

await runAsCommandLine(import.meta.url, tokenCommand);
