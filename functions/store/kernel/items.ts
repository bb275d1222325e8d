import type { ItemKey } from './keys';

/** Key and index attributes are storage details: records leave the store without them. */
const STORAGE_ATTRIBUTES = ['pk', 'sk', 'ownerPk', 'ownerSk', 'layoutSk', 'bookPk', 'bookSk', 'expiresAt'] as const;

export function toRecord<T>(item: Record<string, unknown>): T {
  const record: Record<string, unknown> = { ...item };
  for (const attribute of STORAGE_ATTRIBUTES) delete record[attribute];
  return record as T;
}

export function toItem(key: ItemKey, record: object, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...record, ...extra, ...key };
}
