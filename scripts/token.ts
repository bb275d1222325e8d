/**
 * A local bearer token for anyone, signed by the key `npm start` uses (.local/dev-signing-key.json),
 * valid for 12 hours:
 *
 *   npm run --silent token -- --sub alice --partner p1 --role player
 *   npm run --silent token -- --sub dan --role dealer --table demo-craps --table demo-baccarat
 *
 * --role and --table may be given more than once. The token carries exactly the claims the API
 * reads (README, "Tokens"); a malformed one is refused by the API, as it would be in AWS.
 */
import { parseArgs } from 'node:util';
import { createDevAuthorizer } from '../local/dev-authorizer';

const { values } = parseArgs({
  options: {
    sub: { type: 'string' },
    partner: { type: 'string' },
    role: { type: 'string', multiple: true, default: [] },
    table: { type: 'string', multiple: true, default: [] },
  },
});
if (!values.sub) {
  console.error('usage: npm run --silent token -- --sub <subject> [--partner <id>] [--role player|dealer|operator]... [--table <id>]...');
  process.exit(2);
}
const authorizer = await createDevAuthorizer('.local/dev-signing-key.json');
console.log(
  await authorizer.issueToken(values.sub, values.role, {
    ...(values.table.length > 0 ? { tables: values.table } : {}),
    ...(values.partner ? { partner: values.partner } : {}),
  }),
);
