import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Structured JSON logs for CloudWatch (Powertools for AWS Lambda): one logger for the API's entry
 * points. Level from POWERTOOLS_LOG_LEVEL (default INFO).
 */
export const logger = new Logger({ serviceName: 'casino-tables' });
