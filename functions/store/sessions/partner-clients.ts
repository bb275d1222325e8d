import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { toItem, toRecord } from '../kernel/items';
import { partnerClientKey } from '../kernel/keys';

/** How the hosted client serves a partner (docs/LAUNCH.md): the origins whose pages may embed it in an iframe. */
export interface PartnerClientRecord {
  readonly partner: string;
  readonly embedOrigins: readonly string[];
  readonly configuredAt: string;
  readonly configuredBy: string;
}

/** The operator's configuration: the last one wins. */
export async function putPartnerClient(db: Db, record: PartnerClientRecord): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: toItem(partnerClientKey(record.partner), record) }));
}

export async function getPartnerClient(db: Db, partner: string): Promise<PartnerClientRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: partnerClientKey(partner), ConsistentRead: true }));
  return Item ? toRecord<PartnerClientRecord>(Item) : undefined;
}
