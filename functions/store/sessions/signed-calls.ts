import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { signedCallKey } from '../kernel/keys';
import { writtenUnlessConditionFails } from '../kernel/transaction-cancellation';

/**
 * Takes a partner's signed call once: false when a call with the same signature was taken before.
 * For the calls that answer a secret: a signature read from a log, or caught on its way, is good
 * for nothing once the partner's own call used it. Kept until `keptUntil` (epoch seconds), when its
 * timestamp is past the clock's tolerance and the call would be refused anyway.
 */
export async function takeSignedCallOnce(
  db: Db,
  signatureHash: string,
  partner: string,
  takenAt: string,
  keptUntil: number,
): Promise<boolean> {
  return writtenUnlessConditionFails(
    db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...signedCallKey(signatureHash), partner, takenAt, expiresAt: keptUntil },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}
