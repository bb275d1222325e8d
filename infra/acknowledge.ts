import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** A cdk-nag finding accepted on one construct (and those under it), with the reason beside it (in the template's validation report). */
export function acknowledge(scope: IConstruct, id: string, reason: string) {
  Validations.of(scope).acknowledge({ id, reason });
}
