import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

/**
 * One action of a TransactWriteItems (a Put, Update, Delete or ConditionCheck): what the store's
 * modules return for a use case to send together. It lives in the kernel so that every store
 * module can build actions without importing another capability's module for the type.
 */
export type TransactAction = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
