import { RuleViolation } from '../../../../functions/rules/rule-violation';

/** The RuleViolation `work` throws, or null when it throws none (any other error is rethrown). */
function violationThrownBy(work: () => unknown): RuleViolation | null {
  try {
    work();
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
  return null;
}

/** The code of the RuleViolation `work` throws, or 'NO VIOLATION' when it throws none. */
export const violationOf = (work: () => unknown): string => violationThrownBy(work)?.code ?? 'NO VIOLATION';

/** The message of the RuleViolation `work` throws, or 'NO VIOLATION' when it throws none. */
export const messageOf = (work: () => unknown): string => violationThrownBy(work)?.message ?? 'NO VIOLATION';
