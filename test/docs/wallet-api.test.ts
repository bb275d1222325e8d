/**
 * docs/wallet-api.yaml is what partners build their wallet from: it must say what the code
 * sends and accepts. Its operations, error codes, headers, tolerance and required fields are read
 * here against functions/wallet.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseCall, WALLET_ERROR_CODES, WALLET_OPERATIONS, type WalletOperation } from '../../functions/wallet/wallet-protocol';
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, TIMESTAMP_HEADER } from '../../functions/wallet/wallet-signature';

const api = parse(readFileSync(new URL('../../docs/wallet-api.yaml', import.meta.url), 'utf8')) as any;
const schemaOf = (operation: string) => {
  const ref: string = api.paths[`/${operation}`].post.requestBody.content['application/json'].schema.$ref;
  return api.components.schemas[ref.split('/').pop()!];
};

/** A call of each operation that parseCall takes. */
const VALID: Record<WalletOperation, Record<string, unknown>> = {
  authenticate: { requestId: 'r', partner: 'p', sessionToken: 's' },
  balance: { requestId: 'r', playerId: 'p', currency: 'MOP' },
  debit: { requestId: 'r', playerId: 'p', currency: 'MOP', transactionId: 't', amount: 1, tableId: 'T', roundId: 'T.1', betIds: ['b'] },
  credit: { requestId: 'r', playerId: 'p', currency: 'MOP', transactionId: 't', amount: 0, tableId: 'T', roundId: 'T.1', betIds: [] },
  rollback: {
    requestId: 'r',
    playerId: 'p',
    currency: 'MOP',
    transactionId: 't',
    rolledBackTransactionId: 'd',
    amount: 1,
    tableId: 'T',
    roundId: 'T.1',
    betIds: ['b'],
  },
};

describe('the wallet contract in OpenAPI', () => {
  it('has the five operations, each a signed POST answering the signed Answer', () => {
    expect(Object.keys(api.paths).sort()).toEqual(WALLET_OPERATIONS.map((operation) => `/${operation}`).sort());
    for (const operation of WALLET_OPERATIONS) {
      const post = api.paths[`/${operation}`].post;
      expect(
        post.parameters.map((parameter: any) => api.components.parameters[parameter.$ref.split('/').pop()].name.toLowerCase()),
      ).toEqual([TIMESTAMP_HEADER, SIGNATURE_HEADER]);
      expect(Object.keys(post.responses['200'].headers).map((name) => name.toLowerCase())).toEqual([TIMESTAMP_HEADER, SIGNATURE_HEADER]);
    }
  });

  it('lists exactly the error codes a wallet may answer, and the signature tolerance the code applies', () => {
    expect(api.components.schemas.ErrorCode.enum).toEqual([...WALLET_ERROR_CODES]);
    expect(api.info.description).toContain(`more than ${SIGNATURE_TOLERANCE_SECONDS} seconds`);
  });

  it.each(WALLET_OPERATIONS)('requires for %s exactly the fields the wallet refuses a call without', (operation) => {
    const schema = schemaOf(operation);
    // authenticate is version 2's; the others' version 1 fields are the schema's own, version 2's are apart (*Version2).
    const version = operation === 'authenticate' ? 2 : 1;
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(VALID[operation]).sort());
    expect('call' in parseCall(operation, VALID[operation], version)).toBe(true);
    for (const field of Object.keys(VALID[operation])) {
      const { [field]: _, ...without } = VALID[operation];
      expect('invalid' in parseCall(operation, without, version), `${operation} without ${field}`).toBe(schema.required.includes(field));
    }
  });

  it('takes authenticate and a session token only in version 2, and a token only of the form it states', () => {
    expect('invalid' in parseCall('authenticate', VALID.authenticate, 1)).toBe(true);
    const token = new RegExp(api.components.schemas.SessionToken.pattern);
    for (const sessionToken of ['s', 'eyJhbGciOi.x-y_z', 'x'.repeat(256), 'x'.repeat(257), 'with space', '']) {
      const call = { ...VALID.balance, partner: 'p', sessionToken };
      expect('call' in parseCall('balance', call, 2), JSON.stringify(sessionToken)).toBe(token.test(sessionToken));
    }
    expect('invalid' in parseCall('balance', { ...VALID.balance, sessionToken: 's' }, 1)).toBe(true);
  });

  it('takes a credit of 0 and refuses a debit of 0, as the code does', () => {
    expect(schemaOf('credit').properties.amount.$ref).toBe('#/components/schemas/Amount');
    expect(api.components.schemas.Amount.minimum).toBe(0);
    expect(schemaOf('debit').properties.amount.minimum).toBe(1);
    expect('invalid' in parseCall('debit', { ...VALID.debit, amount: 0 })).toBe(true);
  });
});
