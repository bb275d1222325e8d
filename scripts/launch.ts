/**
 * A partner's launch, as its backend makes one (docs/LAUNCH.md): a signed POST /partner/v1/launch,
 * printing the launch URL to open (its code is good once, for a minute). The credential's secret
 * is read from the environment, never from the command line:
 *
 *   PARTNER_SECRET=<secret> npm run --silent launch -- --partner demo-launch --key-id <keyId> \
 *     --player demo-player [--table demo-craps] [--currency MOP] [--language en] [--platform DESKTOP] \
 *     [--url http://localhost:4000]
 * or, for demo play (chips, no player): `--demo` instead of `--player` (the currency XTS).
 *
 * `npm start` prints the command for its demo partner. Exit 0 with the URL; 1 when the launch is
 * refused (saying why, as the API answered); 2 when it cannot run.
 */
import { parseArgs } from 'node:util';
import { DEMO_CURRENCY } from '../functions/services/sessions/launch';
import { signedPartnerHeaders } from '../functions/launch/partner-signature';
import { runAsCommandLine, type Command } from './command-line';

const USAGE =
  'usage: PARTNER_SECRET=<secret> npm run --silent launch -- --partner <id> --key-id <keyId> (--player <id> | --demo) [--table <id>] [--currency MOP] [--language en|zh-Hant|zh-Hans|pt] [--platform DESKTOP|MOBILE] [--url <API>]';

export const launchCommand: Command = async ({ args, env, out, err }) => {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        url: { type: 'string', default: 'http://localhost:4000' },
        partner: { type: 'string' },
        'key-id': { type: 'string' },
        player: { type: 'string' },
        demo: { type: 'boolean', default: false },
        table: { type: 'string' },
        currency: { type: 'string' },
        language: { type: 'string', default: 'en' },
        platform: { type: 'string', default: 'DESKTOP' },
      },
    }));
  } catch (error) {
    err(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const secret = env.PARTNER_SECRET;
  if (secret === undefined) {
    err(`PARTNER_SECRET is not set.\n${USAGE}\n`);
    return 2;
  }
  const { partner, 'key-id': keyId } = values;
  if (partner === undefined || keyId === undefined || values.demo === (values.player !== undefined)) {
    err(`${USAGE}\n`);
    return 2;
  }

  const body = JSON.stringify({
    ...(values.demo ? { mode: 'DEMO' } : { playerId: values.player }),
    currency: values.currency ?? (values.demo ? DEMO_CURRENCY : 'MOP'),
    language: values.language,
    platform: values.platform,
    ...(values.table ? { tableId: values.table } : {}),
  });
  let response: Response;
  try {
    response = await fetch(`${values.url.replace(/\/$/, '')}/partner/v1/launch`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signedPartnerHeaders({ partner, keyId, secret }, body, Math.floor(Date.now() / 1_000)),
      },
      body,
    });
  } catch (error) {
    err(`The API at ${values.url} could not be reached (${(error as Error).message}): is npm start running?\n`);
    return 2;
  }
  const answer = (await response.json().catch(() => ({}))) as { launchUrl?: string; error?: { code: string; message: string } };
  if (!response.ok || !answer.launchUrl) {
    err(`Refused, ${answer.error?.code ?? `HTTP ${response.status}`}: ${answer.error?.message ?? ''}\n`);
    return 1;
  }
  await out(`${answer.launchUrl}\n`);
  return 0;
};

await runAsCommandLine(import.meta.url, launchCommand);
