import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, ScanCommand, TransactGetCommand } from '@aws-sdk/lib-dynamodb';
import { isRetryable } from './transaction-cancellation';
import { LOCAL_AUTHORIZATION } from './local-authorization';

/** Where the store reads and writes: a document client and the single table's name. */
export interface Db {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
}

export interface DbConfig {
  readonly tableName: string;
  /** DynamoDB Local's URL; absent in AWS. Only DynamoDB Local: requests to it go unsigned (dynamoDbLocalClientConfig). */
  readonly endpoint?: string;
  readonly region?: string;
  readonly credentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * DynamoDB Local only: refuse overlapping transactions as real DynamoDB does (see
   * conflict-model.ts). Off unless given; the clients that should see each other share one model.
   */
  readonly conflictModel?: ConflictModel | (() => Promise<ConflictModel>);
  /** Told of every request DynamoDB refused for a race (a transaction conflict, throttling): its callers send it again. */
  readonly onRaceLost?: () => void;
  /** Given the client before use: the tracer wraps it, so each DynamoDB call is a subsegment of the trace. */
  readonly observeClient?: (client: DynamoDBClient) => void;
}

export function createDb(config: DbConfig): Db {
  const client = new DynamoDBClient({
    ...(config.endpoint ? dynamoDbLocalClientConfig(config.endpoint) : {}),
    ...(config.region ? { region: config.region } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const { conflictModel } = config;
  if (conflictModel) attachConflictModel(client, typeof conflictModel === 'function' ? conflictModel : () => conflictModel);
  if (config.onRaceLost) countRacesLost(client, config.onRaceLost);
  config.observeClient?.(client);
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    // Money never exceeds 2^53 - 1 (Money scalar), so plain numbers are exact.
    unmarshallOptions: { wrapNumbers: false },
  });
  return { doc, tableName: config.tableName };
}

/**
 * A client's settings for DynamoDB Local at `endpoint` (every client of the store's, and the bench's bare ones):
 * - as many sockets as requests in flight: one local process stands in for many Lambda
 *   instances, each with its own connections, so requests are not queued behind the SDK's
 *   default of 50 sockets;
 * - requests not signed: DynamoDB Local checks no signature, and SigV4's hashing was about a
 *   sixth of a request's CPU in the client. The Authorization header it parses is still sent.
 */
export function dynamoDbLocalClientConfig(endpoint: string) {
  return {
    endpoint,
    requestHandler: { httpAgent: { keepAlive: true, maxSockets: Infinity } },
    signer: {
      sign: async <R extends { headers: Record<string, string> }>(request: R): Promise<R> => {
        request.headers.authorization = LOCAL_AUTHORIZATION;
        return request;
      },
    },
  };
}

/** What refuses transactions as real DynamoDB does (conflict-model.ts): each request passes through it to be sent or refused. */
export interface ConflictModel {
  admit<T>(commandName: string | undefined, input: Record<string, unknown>, send: () => Promise<T>): Promise<T>;
}

/**
 * Puts the model in front of every request the client sends, asking for it with the first: a
 * model loaded when first used stays out of a cold start that never needs it (a Lambda in AWS).
 */
export function attachConflictModel(client: DynamoDBClient, model: () => ConflictModel | Promise<ConflictModel>): void {
  // Last before the wire, below the SDK's retries: the request as DynamoDB sees it (a document
  // client has marshalled it), held for each attempt's round trip only, as the service holds it.
  client.middlewareStack.add(
    (next, context) => async (args) => (await model()).admit(context.commandName, args.input as Record<string, unknown>, () => next(args)),
    { step: 'finalizeRequest', name: 'transactionConflictModel', priority: 'low' },
  );
}

/** Outermost, so that it sees a refusal however it arose (DynamoDB's, or the conflict model's locally). */
function countRacesLost(client: DynamoDBClient, onRaceLost: () => void) {
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        if (isRetryable(error)) onRaceLost();
        throw error;
      }
    },
    { step: 'initialize', priority: 'high', name: 'countRacesLost' },
  );
}

/** The commands that read: each one sent (a Query or Scan page, a GetItem, a batch of keys, a transactional read) is one read. */
const READS = [GetCommand, QueryCommand, ScanCommand, BatchGetCommand, TransactGetCommand] as const;

/**
 * The same store, seen by one request: `beforeRead` is told of each read before it is sent, and may
 * refuse it by throwing (the request's read budget). The client underneath, its connections and the
 * caches keyed by the table's name are the process's, shared as before.
 */
export function withReadsCounted(db: Db, beforeRead: () => void): Db {
  const send = db.doc.send.bind(db.doc) as (command: unknown, ...rest: unknown[]) => Promise<unknown>;
  const doc = Object.create(db.doc) as DynamoDBDocumentClient;
  Object.defineProperty(doc, 'send', {
    value: async (command: unknown, ...rest: unknown[]) => {
      if (READS.some((kind) => command instanceof kind)) beforeRead();
      return send(command, ...rest);
    },
  });
  return { doc, tableName: db.tableName };
}
