import { environmentDependencies } from '../services/services';
import { sweepSettlements } from '../services/sweep-settlements';
import { logger } from '../services/logger';

/**
 * Scheduled Lambda (every minute, see infra/): finishes any settlement a crash left behind at a
 * table nobody has used since. Configured from its environment, as the GraphQL handler.
 */
export async function handler(): Promise<{ completed: number; failed: number }> {
  const report = await sweepSettlements(environmentDependencies());
  for (const failure of report.failed) logger.error('settlement sweep failed', { ...failure });
  if (report.completed.length > 0) logger.info('settlements completed', { tables: report.completed });
  return { completed: report.completed.length, failed: report.failed.length };
}
