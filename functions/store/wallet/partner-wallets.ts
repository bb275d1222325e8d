import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../kernel/db';
import { partnerWalletKey } from '../kernel/keys';
import { toItem, toRecord } from '../kernel/items';

/**
 * How a partner's players' money is kept. TRANSFER: in accounts the house keeps (deposits and
 * withdrawals through the cashier). SEAMLESS: in the partner's own wallet, which the tables call
 * (docs/WALLET.md). The wallet's signing secret is not here: it is kept apart (wallet-secrets.ts),
 * and never read back through the API.
 */
export interface PartnerWalletRecord {
  readonly partner: string;
  readonly mode: 'TRANSFER' | 'SEAMLESS';
  /** SEAMLESS: the wallet's base URL (calls go to `<baseUrl>/<operation>`). */
  readonly baseUrl?: string;
  /** SEAMLESS: the currencies the wallet holds. */
  readonly currencies?: readonly string[];
  /** SEAMLESS: how long a call may take before it counts as unanswered. */
  readonly timeoutMs?: number;
  /** SEAMLESS: the wallet contract the partner is on (docs/WALLET.md, "Versions"); absent: version 1, as before versions. */
  readonly contractVersion?: 1 | 2;
  /** When the secret was last set (the secret itself is never stored here). */
  readonly secretSetAt?: string;
  readonly configuredBy: string;
  readonly configuredAt: string;
}

export async function getPartnerWallet(db: Db, partner: string): Promise<PartnerWalletRecord | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: partnerWalletKey(partner), ConsistentRead: true }));
  return Item ? toRecord<PartnerWalletRecord>(Item) : undefined;
}

/** The operator's configuration: the last one wins. */
export async function putPartnerWallet(db: Db, record: PartnerWalletRecord): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.tableName, Item: toItem(partnerWalletKey(record.partner), record) }));
}
