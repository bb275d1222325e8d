import type { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';

type LogLevel = Parameters<Logger['setLogLevel']>[0];
/** What a line carries beside its message: its attributes. */
type Extra = Exclude<Parameters<Logger['info']>[1], string | Error | undefined>;

interface Line {
  readonly level: 'info' | 'error';
  readonly message: string;
  readonly extra: Extra | undefined;
}

const writeTo = (logger: Logger, { level, message, extra }: Line): void =>
  extra === undefined ? logger[level](message) : logger[level](message, extra);

/**
 * Structured JSON logs for CloudWatch (Powertools for AWS Lambda): one logger for the API's entry
 * points. Level from POWERTOOLS_LOG_LEVEL (default INFO).
 *
 * Powertools' Logger is loaded with the first line logged, not with the function: most requests
 * log nothing, and a cold start need not wait for it (figure 5 of the bench). Until it has
 * loaded, what the entry point tells it (the invocation's context, correlation id and keys) is
 * kept here and handed over, and lines wait, in order; `flush`, at the end of each invocation,
 * waits for them.
 */
class LoggerLoadedWhenUsed {
  private loaded: Logger | undefined;
  private loading: Promise<void> | undefined;
  private readonly waiting: Line[] = [];
  private kept: { context?: Context; correlationId?: string; keys: Record<string, unknown>; level?: LogLevel } = { keys: {} };

  /** Forgets the keys appended by the last invocation (its caller), as Powertools' resetKeys. */
  resetKeys(): void {
    if (this.loaded) this.loaded.resetKeys();
    else this.kept = { ...this.kept, keys: {} };
  }

  addContext(context: Context): void {
    if (this.loaded) this.loaded.addContext(context);
    else this.kept.context = context;
  }

  setCorrelationId(id: string): void {
    if (this.loaded) this.loaded.setCorrelationId(id);
    else this.kept.correlationId = id;
  }

  appendKeys(keys: Record<string, unknown>): void {
    if (this.loaded) this.loaded.appendKeys(keys);
    else Object.assign(this.kept.keys, keys);
  }

  setLogLevel(level: LogLevel): void {
    if (this.loaded) this.loaded.setLogLevel(level);
    else this.kept.level = level;
  }

  info(message: string, extra?: Extra): void {
    this.write({ level: 'info', message, extra });
  }

  error(message: string, extra?: Extra): void {
    this.write({ level: 'error', message, extra });
  }

  /** Resolves once every line logged so far is written. */
  async flush(): Promise<void> {
    await this.loading;
  }

  private write(line: Line): void {
    if (this.loaded) return writeTo(this.loaded, line);
    this.waiting.push(line);
    this.loading ??= import('@aws-lambda-powertools/logger').then(
      ({ Logger }) => {
        const logger = new Logger({ serviceName: 'casino-tables' });
        const { context, correlationId, keys, level } = this.kept;
        if (level) logger.setLogLevel(level);
        if (context) logger.addContext(context);
        if (correlationId) logger.setCorrelationId(correlationId);
        logger.appendKeys(keys);
        this.loaded = logger;
        for (const waited of this.waiting.splice(0)) writeTo(logger, waited);
      },
      (error: unknown) => {
        // Without its logger (a chunk missing from a bad deploy) the function still answers; the
        // lines go to the console as they are, and the next line tries again.
        console.error('The logger could not be loaded', error);
        for (const { level, message, extra } of this.waiting.splice(0)) console[level](message, extra ?? '');
        this.loading = undefined;
      },
    );
  }
}

export const logger = new LoggerLoadedWhenUsed();
