import { type Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** A cdk-nag finding accepted on one construct (and those under it), with the reason beside it (in the template's validation report). */
export function acknowledge(scope: IConstruct, id: string, reason: string) {
  Validations.of(scope).acknowledge({ id, reason });
}

/** A stack's partition and region as cdk-nag writes them in a finding's id: the pseudo parameter where the stack's environment leaves them open. */
export function findingEnvironment(stack: Stack): { partition: string; region: string; account: string } {
  return {
    partition: Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition,
    region: Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region,
    account: Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account,
  };
}
