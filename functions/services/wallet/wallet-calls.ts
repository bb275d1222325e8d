import { createHash } from 'node:crypto';
import { partnerOfPlayer, roundId } from '../../store/kernel/keys';
import type { BetRecord } from '../../store/betting/bet-records';
import { callOf, type StoredWalletCall, type WalletCallRecord } from '../../store/wallet/wallet-calls';
import type { CreditKind, WalletContractVersion } from '../../wallet/wallet-protocol';

/**
 * The calls the tables make to a seamless partner's wallet, built from our own records: pure, so
 * that each call's content is stated once (and tested). Every id derives from ours: a debit is
 * `STAKE:<betId>`, its rollback `ROLLBACK:<betId>`, a player's credit for an outcome
 * `PAYOUT:<roundId>:<player>:<part>`, a take-down's `TAKE_DOWN:<betId>`; each call's requestId is
 * its transaction id and operation, so that whatever sends it again (a worker, the sweeper, a
 * redelivered message) sends the same call, byte for byte.
 */

/** The player as the partner knows them: the subject after `<partner>/` (keys.ts, playerIdOf). */
export const subjectOf = (playerId: string): string => playerId.slice(playerId.indexOf('/') + 1);

/** A short stable tag of a player for transaction ids (a subject may be 128 characters, an id at most 128 in all). */
const playerTag = (playerId: string): string => createHash('sha256').update(playerId).digest('base64url').slice(0, 16);

export const debitTransactionId = (betId: string): string => `STAKE:${betId}`;
export const takeDownTransactionId = (betId: string): string => `TAKE_DOWN:${betId}`;
export const payoutTransactionId = (tableId: string, sequence: number, playerId: string, part: number): string =>
  `PAYOUT:${roundId(tableId, sequence)}:${playerTag(playerId)}:${part}`;
export const prizeTransactionId = (tableId: string, sequence: number, playerId: string): string =>
  `PRIZE:${roundId(tableId, sequence)}:${playerTag(playerId)}`;

/** Every call of one movement and operation has one requestId: a retry is the same request. */
const requestIdOf = (transactionId: string, operation: string): string => `${operation}:${transactionId}`.slice(0, 128);

/** The wallet contract a partner is on (docs/WALLET.md, "Versions"): what shape its calls take. */
export type Contract = WalletContractVersion;

/**
 * What the calls written for seamless players say beyond their bets, read before they are written
 * (wallet-terms.ts, walletTermsOf): each player's partner's contract, their session's token, and
 * the link to their part of a round (version 2 credits).
 */
export interface WalletTerms {
  contractOf(playerId: string): Contract;
  sessionOf(playerId: string): string | undefined;
  roundDetailsOf(tableId: string, sequence: number, playerId: string): string | undefined;
}

/** Version 1's: no session, no link. */
export const VERSION_1_TERMS: WalletTerms = { contractOf: () => 1, sessionOf: () => undefined, roundDetailsOf: () => undefined };

/**
 * Version 2's fields (docs/WALLET.md, "Versions"): the player's partner, the session the call is
 * of ("Sessions": a player who came in by one), whether the call ends the round ("Rounds"), and a
 * credit's kind; none in version 1.
 */
const versionFields = (contract: Contract, playerId: string, roundClosed: boolean, sessionToken?: string, creditKind?: CreditKind) =>
  contract >= 2
    ? {
        partner: partnerOfPlayer(playerId)!,
        ...(sessionToken !== undefined ? { sessionToken } : {}),
        roundClosed,
        ...(creditKind ? { creditKind } : {}),
      }
    : {};

/** The record's mark of its contract: version 1 is the unmarked default. */
const contractMark = (contract: Contract) => (contract >= 2 ? { contract: 2 as const } : {});

/** A stake as its debit (and that debit's rollback) names it. */
export interface Stake {
  readonly betId: string;
  readonly playerId: string;
  readonly amount: number;
  readonly currency: string;
  readonly tableId: string;
  /** The round the bet was placed for. */
  readonly round: number;
  readonly contract: Contract;
  /** Version 2: the player's session, if they came in by one. */
  readonly sessionToken?: string | undefined;
}

/** The body of a stake's debit. */
function debitCallOf({ betId, playerId, amount, currency, tableId, round, contract, sessionToken }: Stake): StoredWalletCall {
  const transactionId = debitTransactionId(betId);
  return {
    requestId: requestIdOf(transactionId, 'debit'),
    playerId: subjectOf(playerId),
    currency,
    transactionId,
    amount,
    tableId,
    roundId: roundId(tableId, round),
    betIds: [betId],
    ...versionFields(contract, playerId, false, sessionToken),
  };
}

/** The body of a debit's rollback: the debit's, under its own ids, naming the debit. */
const rollbackCallOf = (debit: StoredWalletCall): StoredWalletCall => ({
  ...debit,
  requestId: requestIdOf(debit.transactionId, 'rollback'),
  transactionId: `ROLLBACK:${debit.transactionId.slice('STAKE:'.length)}`,
  rolledBackTransactionId: debit.transactionId,
});

/** The rollback of a confirmed stake (a voided round's): the same body as any rollback of that debit. */
export const rollbackOfStake = (stake: Stake) => rollbackCallOf(debitCallOf(stake));

/** The debit of a bet's stake, in flight from the moment it is written (docs/WALLET.md: sent once, never again). */
export function debitOf(
  bet: BetRecord,
  partner: string,
  currency: string,
  at: string,
  contract: Contract,
  sessionToken?: string,
): WalletCallRecord {
  return {
    transactionId: debitTransactionId(bet.id),
    partner,
    playerId: bet.playerId,
    kind: 'DEBIT',
    ...contractMark(contract),
    operation: 'debit',
    body: JSON.stringify(
      debitCallOf({
        betId: bet.id,
        playerId: bet.playerId,
        amount: bet.amount,
        currency,
        tableId: bet.tableId,
        round: bet.round,
        contract,
        sessionToken,
      }),
    ),
    amount: bet.amount,
    currency,
    state: 'SENT',
    attempts: 1,
    createdAt: at,
    updatedAt: at,
  };
}

/** The debit, now to be given back: its rollback is due at once, and sent until the wallet answers it. */
export function rollingBack(debit: WalletCallRecord, at: string, problem: string): WalletCallRecord {
  return {
    ...debit,
    operation: 'rollback',
    body: JSON.stringify(rollbackCallOf(callOf(debit))),
    state: 'ROLLING_BACK',
    attempts: 0,
    updatedAt: at,
    dueSince: at,
    nextAttemptAt: at,
    lastProblem: problem,
  };
}

/**
 * A credit (a round's payment, 0 when nothing came back; a take-down; a prize), due at once.
 * Version 2: it says what it pays, and `closesRound` makes it the one that ends its player's round.
 */
export function creditOf(
  transactionId: string,
  playerId: string,
  {
    amount,
    currency,
    tableId,
    sequence,
    betIds,
    kind,
    closesRound = false,
    sessionToken,
    roundDetailsUrl,
  }: {
    amount: number;
    currency: string;
    tableId: string;
    sequence: number;
    betIds: readonly string[];
    kind: CreditKind;
    closesRound?: boolean;
    /** Version 2: the player's session when the credit is written, if they came in by one. */
    sessionToken?: string;
    /** Version 2: the link to the player's part of the round (round-details.ts), where the API has a public address. */
    roundDetailsUrl?: string;
  },
  at: string,
  contract: Contract,
): WalletCallRecord {
  const closing = contract >= 2 && closesRound;
  return {
    transactionId,
    partner: partnerOfPlayer(playerId)!,
    playerId,
    kind: 'CREDIT',
    ...contractMark(contract),
    ...(closing ? { closesRound: true as const } : {}),
    operation: 'credit',
    body: JSON.stringify({
      requestId: requestIdOf(transactionId, 'credit'),
      playerId: subjectOf(playerId),
      currency,
      transactionId,
      amount,
      tableId,
      roundId: roundId(tableId, sequence),
      betIds: betIds.slice(0, 100),
      ...versionFields(contract, playerId, closing, sessionToken, kind),
      ...(contract >= 2 && roundDetailsUrl !== undefined ? { roundDetailsUrl } : {}),
    } satisfies StoredWalletCall),
    amount,
    currency,
    state: 'DUE',
    attempts: 0,
    createdAt: at,
    updatedAt: at,
    dueSince: at,
    nextAttemptAt: at,
  };
}

/**
 * The same call as a new request, to send again after the wallet answered it with a refusal: a
 * wallet that remembers answers by requestId would repeat that refusal for as long as it is sent.
 * The first requestId and `#<sends so far>`; the transaction id and content unchanged, so the
 * wallet still makes it one movement. A call that got no answer is sent again as it was.
 */
export function asNewRequest(body: string, sends: number): string {
  const call = JSON.parse(body) as StoredWalletCall;
  const first = call.requestId.replace(/#\d+$/, '').slice(0, 120);
  return JSON.stringify({ ...call, requestId: `${first}#${sends}` });
}

/** A call done with (confirmed, refused, given up): it is due no more. */
export const withoutDue = ({ nextAttemptAt: _next, ...call }: WalletCallRecord): WalletCallRecord => call;
