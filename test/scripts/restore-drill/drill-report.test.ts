/**
 * The drill's verdict, as its exit code: the audit's, as `npm run reconcile` gives it; and its
 * report's totals exact.
 */
import { describe, expect, it } from 'vitest';
import type { FullAudit } from '../../../functions/services/money/reconcile';
import { drillExitCode, reportJson } from '../../../scripts/restore-drill/drill-report';

const consistent: FullAudit = { consistent: true, currencies: [], differences: [], unbalancedJournals: [], unsettled: [] };
const account = { kind: 'PLAYER', id: 'p1' } as const;

describe('the drill verdict', () => {
  it.each([
    ['a consistent copy', consistent, 0],
    ['a balance that differs', { ...consistent, consistent: false, differences: [{ account, currency: 'MOP', stored: 5, ledger: 4n }] }, 1],
    ['a journal that does not balance', { ...consistent, consistent: false, unbalancedJournals: ['j1'] }, 1],
    ['a balance never read still', { ...consistent, consistent: false, unsettled: [{ account, currency: 'MOP' }] }, 2],
  ] as const)('%s exits %i', (_, audit, code) => {
    expect(drillExitCode(audit)).toBe(code);
  });

  it('prints totals past 2^53 exactly', () => {
    expect(JSON.parse(reportJson({ total: 9007199254740993n }))).toEqual({ total: '9007199254740993' });
  });
});
