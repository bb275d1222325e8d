import { validateTakeDown, type CrapsBet } from '../../rules/craps';
import { RuleViolation } from '../../rules/rule-violation';
import { getBet, getPlayerLayout } from '../../store/betting/bets';
import { parseBetId, shardOfBetKey } from '../../store/kernel/keys';
import type { BetRecord } from '../../store/betting/bet-records';
import { backoff, raceWaitCap } from '../../store/kernel/retry';
import { commitTakeDown, type TakeDownOutcome } from '../../store/betting/take-down';
import { ServiceError } from '../kernel/service-error';
import type { Caller, ServiceDependencies } from '../kernel/services';
import { currentRound, loadPlayableTable, tableBusy, MAX_ATTEMPTS } from '../tables/table-access';
import { asCrapsBets } from '../tables/craps-table';
import { assertBettingOpen, bettingClosed } from './betting-gate';
import { afterPendingOutcome, awaitsStayMark } from '../rounds/outcome-plans';
import { takeDownJournal } from '../money/journals';
import { creditOf, takeDownTransactionId } from '../wallet/wallet-calls';
import { walletTermsOf } from '../wallet/wallet-terms';
import { queueWalletCalls } from '../wallet/deliver-wallet-call';
import type { WalletCallRecord } from '../../store/wallet/wallet-calls';
import type { JournalRecord } from '../../store/money/ledger';
import { forgetLayout, rememberLayout } from './layout-cache';
import { knownBetShards } from '../tables/table-cache';
import { gateTurn, inTurn, playerTurn } from '../kernel/turns';

const MAX_RESENDS = 12;

/**
 * Takes one of the caller's bets back off the layout and returns its stake, where the rules allow
 * it (Pass and Come bets are contract bets once they have a point; odds come down before their
 * bet), while betting is open, in one transaction through the bet's shard's gate.
 */
export async function takeDownBet(deps: ServiceDependencies, caller: Caller, id: string): Promise<BetRecord> {
  const tableId = parseBetId(id)?.tableId;
  if (!tableId) throw new ServiceError('NOT_FOUND', 'No bet with that id.');
  // It moves the player's position and account, as their bets do: it takes its turn among them (turns.ts).
  return inTurn(playerTurn(deps, caller.playerId), () => takeDown(deps, caller, id, tableId));
}

async function takeDown(deps: ServiceDependencies, caller: Caller, id: string, tableId: string): Promise<BetRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    // The caller's shard needs the table's shard count: known once this process has read the table.
    const shards = knownBetShards(deps, tableId);
    const [table, read] = await Promise.all([
      loadPlayableTable(deps, tableId, ['CRAPS'], { seenBy: caller }),
      shards === undefined ? undefined : getPlayerLayout(deps.db, tableId, caller.playerId, shards),
    ]);
    const layout = read ?? (await getPlayerLayout(deps.db, tableId, caller.playerId, table.betShards));
    const stored = layout.bets;
    const own = afterPendingOutcome(table, stored);
    const bet = own.find((open) => open.id === id);
    if (!bet) return alreadyTakenDown(deps, caller, id, stored);
    assertBettingOpen(table, deps.now());
    if (bet !== stored.find((open) => open.id === id) || awaitsStayMark(table, bet)) {
      // The outcome being paid moves this bet (or marks it as staying), and has not yet: it comes down once it has.
      throw new ServiceError('SETTLEMENT_IN_PROGRESS', 'The bet is being settled by the last outcome; retry in a moment.');
    }
    validateTakeDown(table.state, table.options, bet as CrapsBet, asCrapsBets(own));

    const takenDown = { ...bet, status: 'TAKEN_DOWN', winnings: 0, returned: bet.amount, settledAt: deps.now() } as const;
    const journal = takeDownJournal(bet, table.currency, caller.playerId, takenDown.settledAt);
    // A seamless stake goes back to the partner's wallet, by a credit of its own that never ends the round (docs/WALLET.md).
    const credit = bet.seamless ? await takeDownCredit(deps, bet, table.currency, currentRound(table), takenDown.settledAt) : undefined;
    const outcome = await sendTakeDown(deps, takenDown, currentRound(table), layout.positionVersion, journal, credit);
    if (outcome === 'TAKEN_DOWN') {
      if (credit) await queueWalletCalls(deps, [credit.transactionId]);
      rememberLayout(deps, tableId, caller.playerId, {
        round: currentRound(table),
        positionVersion: layout.positionVersion + 1,
        bets: own.filter((open) => open.id !== id),
      });
      return takenDown;
    }
    forgetLayout(deps, tableId, caller.playerId);
    if (outcome === 'BETTING_CLOSED') throw bettingClosed();
    // CHANGED or still RACED: read again.
  }
  throw tableBusy();
}

/** A seamless stake's credit back to the partner's wallet: never the one that ends the round. */
async function takeDownCredit(deps: ServiceDependencies, bet: BetRecord, currency: string, round: number, at: string) {
  const { contractOf, sessionOf, roundDetailsOf } = await walletTermsOf(deps, [bet.playerId]);
  return creditOf(
    takeDownTransactionId(bet.id),
    bet.playerId,
    {
      amount: bet.amount,
      currency,
      tableId: bet.tableId,
      sequence: round,
      betIds: [bet.id],
      kind: 'TAKE_DOWN',
      sessionToken: sessionOf(bet.playerId),
      roundDetailsUrl: roundDetailsOf(bet.tableId, round, bet.playerId),
    },
    at,
    contractOf(bet.playerId),
  );
}

async function sendTakeDown(
  deps: ServiceDependencies,
  takenDown: BetRecord & { readonly settledAt: string },
  round: number,
  positionVersion: number,
  journal: JournalRecord,
  credit: WalletCallRecord | undefined,
): Promise<TakeDownOutcome> {
  const shard = shardOfBetKey(parseBetId(takenDown.id)!.betKey);
  return inTurn(gateTurn(deps, takenDown.tableId, shard), async () => {
    for (let resend = 0; ; resend++) {
      const outcome = await commitTakeDown(deps.db, takenDown, round, positionVersion, journal, credit);
      if (outcome !== 'RACED' || resend + 1 >= MAX_RESENDS) return outcome;
      await backoff(resend, 4, raceWaitCap());
    }
  });
}

/**
 * A bet not among the caller's open bets: the one they took down already (a retried request
 * answers it again, as the first did), or why it cannot come down.
 */
async function alreadyTakenDown(deps: ServiceDependencies, caller: Caller, id: string, stored: readonly BetRecord[]): Promise<BetRecord> {
  const bet = stored.find((open) => open.id === id) ?? (await getBet(deps.db, id));
  if (!bet) throw new ServiceError('NOT_FOUND', 'No bet with that id.');
  if (bet.playerId !== caller.playerId) throw new ServiceError('FORBIDDEN', 'You may only take down your own bets.');
  if (bet.status === 'TAKEN_DOWN') return bet;
  throw new RuleViolation('BET_NOT_OPEN', 'That bet is not one of your open bets.');
}
