/**
 * What the use cases tell operations beside their answer: a fault that the caller's answer does
 * not show (a settlement job that failed after its outcome was recorded). Injected with the other
 * dependencies: the Lambda entries give Powertools' logger (functions/observability/logger.ts),
 * the local server and the tests their own.
 */
export interface OperationsLog {
  error(message: string, details: Readonly<Record<string, unknown>>): void;
}

/** A log line as JSON on the process's standard error: what a process without Powertools writes. */
export const consoleLog: OperationsLog = {
  error: (message, details) =>
    console.error(JSON.stringify({ level: 'ERROR', message, ...details }, (_, value) => (value instanceof Error ? value.stack : value))),
};
