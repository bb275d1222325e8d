/**
 * `npm run token` (docs/TOKENS.md): a token for anyone, with exactly the claims asked for, or none
 * at all when the API would refuse those claims (issue 37: `--partner P1` and `--role admin` made
 * tokens the API then refused). The script checks them with the API's own reading of a token.
 */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { callerFromClaims } from '../../functions/graphql/context';
import { tokenCommand } from '../../scripts/token';
import { runCommand, runScriptProcess } from '../support/script-command';

/** Runs the script in a process of its own, as `npm run --silent token -- ...` does. */
const runProcess = (...args: string[]) => runScriptProcess('scripts/token.ts', args);
/** Runs its command in this process, as its command line does. */
const run = (...args: string[]) => runCommand(tokenCommand, args);

describe('npm run token', () => {
  it('prints a token whose claims the API reads as the caller asked for', async () => {
    const { status, stdout, stderr } = await runProcess('--sub', 'dan', '--role', 'dealer', '--role', 'operator', '--table', 'demo-craps');
    expect(status, stderr).toBe(0);
    const { caller } = callerFromClaims(decodeJwt(stdout.trim()));
    expect(caller?.playerId).toBe('dan');
    expect([...caller!.roles].sort()).toEqual(['DEALER', 'OPERATOR']);
    expect([...caller!.dealerTables!]).toEqual(['demo-craps']);
    const partners = await run('--sub', 'alice', '--partner', 'p1', '--role', 'player');
    expect(partners.status, partners.stderr).toBe(0);
    expect(callerFromClaims(decodeJwt(partners.stdout.trim())).caller).toMatchObject({ playerId: 'p1/alice', partner: 'p1' });
  });

  it.each([
    [['--sub', 'alice', '--partner', 'P1'], /partner claim must be 1 to 32 of lowercase letters, digits and -/],
    [['--sub', 'alice', '--partner', ''], /partner claim must be/],
    [['--sub', 'alice', '--role', 'admin'], /roles claim must be an array of: player, dealer, operator/],
    [['--sub', 'alice', '--role', 'Dealer'], /roles claim must be an array of: player, dealer, operator/],
    [['--sub', 'alice bob'], /subject \(sub\) must be 1 to 128 of letters, digits/],
    [['--sub', 'dan', '--role', 'dealer', '--table', 'no spaces'], /tables claim must be an array of at most 64 table ids/],
  ])('refuses claims the API would refuse (%j), saying why, with no token', async (args, reason) => {
    const { status, stdout, stderr } = await run(...args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^The API would refuse this token: /);
    expect(stderr).toMatch(reason);
  });

  it('refuses a call without --sub, or with an option it does not know, with its usage', async () => {
    for (const args of [[], ['--sub', 'alice', '--admin']]) {
      const { status, stdout, stderr } = await run(...args);
      expect(status, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/usage: npm run --silent token -- --sub <subject>/);
    }
  });
});
