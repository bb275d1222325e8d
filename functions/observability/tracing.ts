import { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './metric-names';

/**
 * X-Ray, through Powertools' tracer: one per Lambda instance, as Powertools expects. Loaded by
 * lambda-entry.ts only where the function runs traced; with its X-Ray SDK it is the largest part
 * of a bundle that the work itself does not need.
 */
export const tracer = new Tracer({ serviceName: SERVICE_NAME });
