import type { AttributeValue as StreamAttributeValue } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { AccountRecord } from '../money/account-records';
import type { BetRecord } from '../betting/bet-records';
import type { JackpotPoolRecord } from '../rounds/jackpot-pool-record';
import type { RestrictionRecord } from '../protection/protection-records';
import type { TableRecord } from '../tables/table-records';
import type { WalletCallRecord } from '../wallet/wallet-calls';
import { toRecord } from '../kernel/items';
import { tableOfItem } from '../tables/table-item';

/** A DynamoDB stream record, as Lambda hands it over and as GetRecords answers it (NEW_AND_OLD_IMAGES). */
export interface StreamRecord {
  readonly dynamodb?: {
    readonly Keys?: Record<string, StreamAttributeValue | AttributeValue>;
    readonly NewImage?: Record<string, StreamAttributeValue | AttributeValue>;
    readonly OldImage?: Record<string, StreamAttributeValue | AttributeValue>;
  };
}

/** One item's change, as its stream record holds it: the record before and after (absent: created or deleted). */
export type ItemChange =
  | { readonly kind: 'TABLE'; readonly before?: TableRecord; readonly after?: TableRecord }
  | { readonly kind: 'BET'; readonly before?: BetRecord; readonly after?: BetRecord }
  | { readonly kind: 'ACCOUNT'; readonly before?: AccountRecord; readonly after?: AccountRecord }
  | { readonly kind: 'POOL'; readonly before?: JackpotPoolRecord; readonly after?: JackpotPoolRecord }
  | { readonly kind: 'WALLET_CALL'; readonly before?: WalletCallRecord; readonly after?: WalletCallRecord }
  | { readonly kind: 'RESTRICTION'; readonly before?: RestrictionRecord; readonly after?: RestrictionRecord };

/**
 * The items whose changes subscribers hear of, by sort key: the table session, bets, accounts,
 * pools, calls to seamless wallets (their answered balances) and players' restrictions (which end
 * their live updates). The stream consumer's filter in
 * the CDK stack is built from this list, so that Lambda is not even invoked for the rest
 * (journals, plans, gates, seats).
 */
export const LIVE_ITEM_SORT_KEYS = { exact: ['TABLE', 'ACCOUNT', 'POOL', 'CALL', 'RESTRICTION'], prefixes: ['BET#'] } as const;

const KINDS: Readonly<Record<string, ItemChange['kind']>> = {
  TABLE: 'TABLE',
  ACCOUNT: 'ACCOUNT',
  POOL: 'POOL',
  CALL: 'WALLET_CALL',
  RESTRICTION: 'RESTRICTION',
};

/** The change a stream record reports, or undefined for an item nobody subscribes to. */
export function changeOfRecord(record: StreamRecord): ItemChange | undefined {
  const sk = record.dynamodb?.Keys?.sk;
  const sortKey = sk && 'S' in sk ? sk.S : undefined;
  if (sortKey === undefined) return undefined;
  const kind = sortKey.startsWith('BET#') ? 'BET' : KINDS[sortKey];
  if (!kind) return undefined;
  const read = kind === 'TABLE' ? tableOfItem : toRecord;
  const image = (value: Record<string, StreamAttributeValue | AttributeValue> | undefined) =>
    value ? read(unmarshall(value as Record<string, AttributeValue>, { wrapNumbers: false })) : undefined;
  const before = image(record.dynamodb?.OldImage);
  const after = image(record.dynamodb?.NewImage);
  return { kind, ...(before ? { before } : {}), ...(after ? { after } : {}) } as ItemChange;
}
