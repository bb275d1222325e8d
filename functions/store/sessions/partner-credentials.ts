import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { toItem, toRecord } from '../kernel/items';
import { PARTNER_CREDENTIAL_SK_PREFIX, partnerCredentialKey } from '../kernel/keys';
import { writtenUnlessConditionFails } from '../kernel/transaction-cancellation';

/**
 * A credential a partner signs its server-to-server calls with (docs/LAUNCH.md): issued and
 * revoked by the house's operators. Its secret is in the secret store, never in this item. A
 * partner has at most two in force, so that it rotates without a moment when none works.
 */
export interface PartnerCredentialRecord {
  readonly partner: string;
  readonly keyId: string;
  readonly issuedAt: string;
  readonly issuedBy: string;
  readonly revokedAt?: string;
  readonly revokedBy?: string;
  /** The credential this one replaces, when a rotation issued it: the old one retires once the partner signs with this one. */
  readonly successorOf?: string;
  /** When its secret was answered to an operator, for a successor a rotation issued (answered once: rotatePartnerCredential). */
  readonly answeredAt?: string;
  /** When it stops being taken: the partner's first call signed with its successor, and the overlap after it. */
  readonly retiresAt?: string;
}

export async function putPartnerCredential(db: Db, credential: PartnerCredentialRecord): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: toItem(partnerCredentialKey(credential.partner, credential.keyId), credential),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Every credential the partner ever had, revoked ones too (a handful at most). */
export async function partnerCredentials(db: Db, partner: string): Promise<PartnerCredentialRecord[]> {
  const { pk } = partnerCredentialKey(partner, '');
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': PARTNER_CREDENTIAL_SK_PREFIX },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => toRecord<PartnerCredentialRecord>(item));
}

/** Revokes a credential in force; false when there is no such credential, or it was revoked already. */
export function revokePartnerCredentialRecord(db: Db, partner: string, keyId: string, at: string, by: string): Promise<boolean> {
  return writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: partnerCredentialKey(partner, keyId),
        UpdateExpression: 'SET revokedAt = :at, revokedBy = :by',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
        ExpressionAttributeValues: { ':at': at, ':by': by },
      }),
    ),
  );
}

/** The credential retires at `at`: set once, by the partner's first call signed with its successor; false when it was set already, or it was revoked. */
export function retirePartnerCredentialRecord(db: Db, partner: string, keyId: string, at: string): Promise<boolean> {
  return writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: partnerCredentialKey(partner, keyId),
        UpdateExpression: 'SET retiresAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND attribute_not_exists(retiresAt)',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}

/** A successor's secret is answered to an operator, `at`; false when it was answered already (once only). */
export function answerPartnerCredentialRecord(db: Db, partner: string, keyId: string, at: string): Promise<boolean> {
  return writtenUnlessConditionFails(
    db.doc.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: partnerCredentialKey(partner, keyId),
        UpdateExpression: 'SET answeredAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(answeredAt)',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}
