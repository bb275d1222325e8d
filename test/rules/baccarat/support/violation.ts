import { RuleViolation } from '../../../../functions/rules/rule-violation';

/** The code of the RuleViolation `work` throws, or 'NO VIOLATION' when it throws none. */
export function violationOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof RuleViolation) return error.code;
    throw error;
  }
  return 'NO VIOLATION';
}

/** The message of the RuleViolation `work` throws. */
export function messageOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof RuleViolation) return error.message;
    throw error;
  }
  return 'NO VIOLATION';
}
