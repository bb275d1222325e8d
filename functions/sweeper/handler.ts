import { observability, observedHandler } from '../observability/lambda-entry';
import { environmentDependencies } from '../services/kernel/services';
import { sweepSettlements } from '../services/rounds/sweep-settlements';
import { logger } from '../observability/logger';
import { sweepWalletCalls } from '../services/wallet/deliver-wallet-call';
import { sweepRoundLoops } from '../services/rng/round-loop';
import { sweepRealityChecks } from '../services/protection/reality-checks';

/**
 * Scheduled Lambda (every minute, see infra/): finishes any settlement a crash left behind at a
 * table nobody has used since, delivers the calls to partners' wallets that are due and that no
 * worker holds (a lost message, a debit whose request died), restarts the round loop of any table
 * the server deals whose step is overdue (services/rng/round-loop.ts), and publishes the backlog it leaves (OldestSettlementAge,
 * SweepFailures). Configured from its environment, as the GraphQL handler. A sweep that could
 * not finish a table fails, after trying every other: Lambda counts the error and the run goes
 * to the sweeper's dead-letter queue, each with an alarm (docs/DEPLOY.md, "Alarms").
 */
export const handler = observedHandler(async (): Promise<{ completed: number; busy: number; walletCalls: number; roundLoops: number }> => {
  const deps = environmentDependencies(process.env, observability);
  const [report, wallets, loops] = await Promise.all([
    sweepSettlements(deps),
    sweepWalletCalls(deps),
    sweepRoundLoops(deps),
    // Reality checks as they fall due, told to their players.
    sweepRealityChecks(deps),
  ]);
  if (loops.restarted.length > 0) logger.info('round loops restarted', { tables: loops.restarted });
  for (const failure of report.failed) logger.error('settlement sweep failed', { ...failure });
  if (report.completed.length > 0) logger.info('settlements completed', { tables: report.completed });
  if (report.failed.length > 0) {
    throw new SweepFailed(`${report.failed.length} table(s) could not be settled: ${report.failed.map((f) => f.tableId).join(', ')}`);
  }
  return {
    completed: report.completed.length,
    busy: report.busy.length,
    walletCalls: wallets.delivered,
    roundLoops: loops.restarted.length,
  };
});

class SweepFailed extends Error {
  override readonly name = 'SweepFailed';
}
