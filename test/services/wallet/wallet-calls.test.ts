/**
 * The calls the tables make to a seamless wallet, built from our own records (pure): ids derived
 * from ours and within the contract's alphabet, bodies the contract accepts, and a debit's
 * rollback the same call whichever path decides it (an unanswered debit, a voided round).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asNewRequest,
  creditOf,
  debitOf,
  payoutTransactionId,
  prizeTransactionId,
  rollbackOfStake,
  rollingBack,
  subjectOf,
  takeDownTransactionId,
} from '../../../functions/services/wallet/wallet-calls';
import { retryDelayMs } from '../../../functions/services/wallet/deliver-wallet-call';
import { totalsOf } from '../../../functions/services/wallet/wallet-reports';
import { parseCall } from '../../../functions/wallet/wallet-protocol';
import { betId, newBetKey } from '../../../functions/store/kernel/keys';
import type { BetRecord } from '../../../functions/store/betting/bet-records';
import type { WalletCallRecord } from '../../../functions/store/wallet/wallet-calls';

const AT = '2026-12-03T10:00:00.000Z';
const subject = fc.stringMatching(/^[A-Za-z0-9._@+:|-]{1,128}$/);
const tableId = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,63}$/);
const bet = fc
  .record({ subject, tableId, amount: fc.integer({ min: 1, max: 2 ** 52 }), round: fc.integer({ min: 1, max: 2 ** 31 }), id: fc.uuid() })
  .map(({ subject, tableId, amount, round, id }) => {
    const playerId = `acme/${subject}`;
    return { id: betId(tableId, newBetKey(playerId, 64, id)), tableId, playerId, amount, round } as BetRecord;
  });

const CONTRACTS = [1, 2] as const;
/** What version 2 adds to every movement's body, a credit's kind aside: the player's partner, and whether the round ends. */
const roundFieldsOf = (contract: 1 | 2, roundClosed = false) => (contract === 2 ? { partner: 'acme', roundClosed } : {});

describe.each(CONTRACTS)('contract version %i: a debit', (contract) => {
  it("is a call the contract accepts, for the bet's stake, its player as the partner knows them, and its round", () => {
    fc.assert(
      fc.property(bet, (placed) => {
        const debit = debitOf(placed, 'acme', 'MOP', AT, contract);
        const parsed = parseCall('debit', JSON.parse(debit.body), contract);
        expect(parsed).toEqual({
          call: {
            requestId: `debit:STAKE:${placed.id}`.slice(0, 128),
            playerId: subjectOf(placed.playerId),
            currency: 'MOP',
            transactionId: `STAKE:${placed.id}`,
            amount: placed.amount,
            tableId: placed.tableId,
            roundId: `${placed.tableId}.${placed.round}`,
            betIds: [placed.id],
            ...roundFieldsOf(contract),
          },
        });
        expect(debit).toMatchObject({ kind: 'DEBIT', operation: 'debit', state: 'SENT', attempts: 1, partner: 'acme' });
        expect(debit.contract).toBe(contract === 2 ? 2 : undefined);
      }),
    );
  });

  it('is rolled back by the same call whether it went unanswered or its round was voided', () => {
    fc.assert(
      fc.property(bet, (placed) => {
        const unanswered = rollingBack(debitOf(placed, 'acme', 'MOP', AT, contract), AT, 'the debit was not answered');
        const voided = rollbackOfStake({
          betId: placed.id,
          playerId: placed.playerId,
          amount: placed.amount,
          currency: 'MOP',
          tableId: placed.tableId,
          round: placed.round,
          contract,
        });
        expect(unanswered.body).toBe(JSON.stringify(voided));
        expect(parseCall('rollback', JSON.parse(unanswered.body), contract)).toMatchObject({
          call: {
            transactionId: `ROLLBACK:${placed.id}`,
            rolledBackTransactionId: `STAKE:${placed.id}`,
            amount: placed.amount,
            ...roundFieldsOf(contract),
          },
        });
        expect(unanswered).toMatchObject({ operation: 'rollback', state: 'ROLLING_BACK', attempts: 0, dueSince: AT, nextAttemptAt: AT });
      }),
    );
  });
});

describe.each(CONTRACTS)('contract version %i: a credit', (contract) => {
  it('names its movement after ours: a round, a player and a part; a take-down; a prize; within the contract', () => {
    fc.assert(
      fc.property(bet, fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 2 ** 52 }), (placed, part, amount) => {
        const ids = [
          [payoutTransactionId(placed.tableId, placed.round, placed.playerId, part), 'ROUND_RESULT'],
          [takeDownTransactionId(placed.id), 'TAKE_DOWN'],
          [prizeTransactionId(placed.tableId, placed.round, placed.playerId), 'JACKPOT_PRIZE'],
        ] as const;
        for (const [transactionId, kind] of ids) {
          const credit = creditOf(
            transactionId,
            placed.playerId,
            { amount, currency: 'MOP', tableId: placed.tableId, sequence: placed.round, betIds: [placed.id], kind },
            AT,
            contract,
          );
          expect(parseCall('credit', JSON.parse(credit.body), contract)).toMatchObject({ call: { transactionId, amount } });
          expect(JSON.parse(credit.body).creditKind).toBe(contract === 2 ? kind : undefined);
          expect(JSON.parse(credit.body).roundClosed).toBe(contract === 2 ? false : undefined);
          expect(credit).toMatchObject({ partner: 'acme', kind: 'CREDIT', state: 'DUE', dueSince: AT });
          expect(credit.closesRound).toBeUndefined();
        }
        // Two players' credits of one round never share an id; a player's parts neither.
        expect(payoutTransactionId(placed.tableId, placed.round, placed.playerId, part)).not.toBe(
          payoutTransactionId(placed.tableId, placed.round, `${placed.playerId}x`, part),
        );
        expect(payoutTransactionId(placed.tableId, placed.round, placed.playerId, part)).not.toBe(
          payoutTransactionId(placed.tableId, placed.round, placed.playerId, part + 1),
        );
      }),
    );
  });

  it('ends its round only as a round result in version 2, marked for the outbox to send it last; version 1 says nothing of rounds', () => {
    fc.assert(
      fc.property(bet, (placed) => {
        const closing = creditOf(
          payoutTransactionId(placed.tableId, placed.round, placed.playerId, 0),
          placed.playerId,
          {
            amount: 0,
            currency: 'MOP',
            tableId: placed.tableId,
            sequence: placed.round,
            betIds: [],
            kind: 'ROUND_RESULT',
            closesRound: true,
          },
          AT,
          contract,
        );
        expect(parseCall('credit', JSON.parse(closing.body), contract)).toHaveProperty('call');
        expect(JSON.parse(closing.body).roundClosed).toBe(contract === 2 ? true : undefined);
        expect(closing.closesRound).toBe(contract === 2 ? true : undefined);
      }),
    );
  });
});

describe('sending again', () => {
  it('after a refusal, as a new request of the same movement; after no answer, as the same request', () => {
    fc.assert(
      fc.property(bet, fc.integer({ min: 1, max: 10_000 }), (placed, sends) => {
        const credit = creditOf(
          takeDownTransactionId(placed.id),
          placed.playerId,
          {
            amount: placed.amount,
            currency: 'MOP',
            tableId: placed.tableId,
            sequence: placed.round,
            betIds: [placed.id],
            kind: 'TAKE_DOWN',
          },
          AT,
          2,
        );
        const again = asNewRequest(credit.body, sends);
        const { requestId, ...content } = JSON.parse(again);
        const { requestId: first, ...original } = JSON.parse(credit.body);
        expect(content).toEqual(original);
        expect(requestId).toBe(`${first.slice(0, 120)}#${sends}`);
        expect(parseCall('credit', JSON.parse(again), 2)).toHaveProperty('call');
        // Refused again: still the first requestId's, with the new count.
        expect(JSON.parse(asNewRequest(again, sends + 1)).requestId).toBe(`${first.slice(0, 120)}#${sends + 1}`);
      }),
    );
  });

  it('waits twice as long each time, from a second up to 15 minutes', () => {
    expect([1, 2, 3, 4, 10, 11, 100].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 512_000, 900_000, 900_000]);
  });
});

describe("a partner's day of calls", () => {
  const call = (kind: 'DEBIT' | 'CREDIT', state: WalletCallRecord['state'], amount: number, currency = 'MOP') =>
    ({ kind, state, amount, currency }) as WalletCallRecord;

  it('totals, by currency, the stakes that stand, the credits confirmed, what the ledger owes, and the rollbacks it never counted', () => {
    expect(
      totalsOf([
        call('DEBIT', 'CONFIRMED', 500),
        call('DEBIT', 'REFUSED', 700),
        call('DEBIT', 'ROLLED_BACK', 300),
        // A voided round's stake, confirmed before: owed, as the ledger has it.
        { ...call('DEBIT', 'ROLLING_BACK', 40), confirmedBefore: true },
        // An unanswered debit's rollback: the ledger never counted it.
        call('DEBIT', 'ROLLING_BACK', 11),
        call('DEBIT', 'DEAD_LETTERED', 2),
        call('CREDIT', 'CONFIRMED', 1_000),
        call('CREDIT', 'DUE', 20),
        call('CREDIT', 'DEAD_LETTERED', 3),
        call('CREDIT', 'SETTLED_BY_HAND', 100),
        call('DEBIT', 'SETTLED_BY_HAND', 7),
        call('DEBIT', 'CONFIRMED', 9, 'HKD'),
      ]),
    ).toEqual([
      { currency: 'HKD', debited: 9n, credited: 0n, owed: 0n, unconfirmedRollbacks: 0n },
      { currency: 'MOP', debited: 500n, credited: 1_100n, owed: 63n, unconfirmedRollbacks: 13n },
    ]);
  });
});
