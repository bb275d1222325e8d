import { FUNCTION_ROLES } from '../deployment-settings';
import { ASSUMPTIONS, type Assumptions } from './assumptions';
import { MEASURED, type Measured } from './measured';
import { PRICES, type Price, type Prices } from './prices-us-east-1';
import { Quantity } from './quantity';
import { STACK_INVENTORY, type StackInventory } from './stack-inventory';
import type { Traffic } from './month-traffic';
import { monthlyUsage, type MonthlyUsage, type StageSettings } from './usage';

/** One line of the bill: a quantity at a price, in micro-dollars (rounded once, half up) and in cents as printed. */
export interface CostLine {
  readonly item: string;
  readonly quantity: Quantity;
  /** Decimals the quantity is printed with. */
  readonly decimals: number;
  readonly price: Price;
  readonly microDollars: bigint;
  readonly cents: number;
}

export interface ServiceCost {
  readonly service: string;
  readonly lines: readonly CostLine[];
  /** The sum of its lines' cents: what is printed adds up. */
  readonly cents: number;
}

export interface MonthlyCost {
  readonly traffic: Traffic;
  readonly settings: StageSettings;
  readonly usage: MonthlyUsage;
  readonly services: readonly ServiceCost[];
  readonly cents: number;
}

export interface CostModel {
  readonly prices: Prices;
  readonly assumptions: Assumptions;
  readonly measured: Measured;
  readonly inventory: StackInventory;
}

/** The model as the repository holds it: today's prices, the bench's last figures, the stack as built. */
export const COST_MODEL: CostModel = { prices: PRICES, assumptions: ASSUMPTIONS, measured: MEASURED, inventory: STACK_INVENTORY };

/**
 * A stage's monthly cost, service by service, for a day's traffic: pure, so it is tested apart
 * from the command (scripts/cost.ts) that reads the stage's settings and prints it.
 */
export function monthlyCost(traffic: Traffic, settings: StageSettings, model: CostModel = COST_MODEL): MonthlyCost {
  const usage = monthlyUsage(traffic, settings, model.assumptions, model.measured, model.inventory);
  const { prices } = model;
  const line = (item: string, quantity: Quantity, price: Price, decimals = 0): CostLine => {
    const microDollars = chargeOf(quantity, price);
    return { item, quantity, decimals, price, microDollars, cents: Number((2n * microDollars + 10_000n) / 20_000n) };
  };
  // Lambda prices the account's calls and GB-seconds together (its tiers count them all): every function's, summed.
  const lambda = FUNCTION_ROLES.map((role) => usage.lambda[role]);
  const [calls, gbSeconds, traces] = (['invocations', 'gbSeconds', 'tracesRecorded'] as const).map((figure) =>
    lambda.reduce((sum, of) => sum.plus(of[figure]), Quantity.ZERO),
  );
  const service = (name: string, lines: CostLine[]): ServiceCost => ({
    service: name,
    lines,
    cents: lines.reduce((sum, { cents }) => sum + cents, 0),
  });
  const { dynamoDb, apiGateway, cloudFront, secretsManager, kms, cloudWatch } = usage;

  const services = [
    service('DynamoDB (on-demand)', [
      line('write request units', dynamoDb.writeUnits, prices.dynamoDb.writeRequestUnits),
      line(
        `replicated writes (${settings.replicaRegions.length} replicas)`,
        dynamoDb.replicatedWriteUnits,
        prices.dynamoDb.replicatedWriteRequestUnits,
      ),
      line('read request units', dynamoDb.readUnits, prices.dynamoDb.readRequestUnits),
      line('storage, table and indexes', dynamoDb.storageGb, prices.dynamoDb.storage, 2),
      line('storage, in the replicas', dynamoDb.replicaStorageGb, prices.dynamoDb.storage, 2),
      line('point-in-time recovery', dynamoDb.tableGb, prices.dynamoDb.pointInTimeRecovery, 2),
      // The stream is read by the stream function's trigger alone, and Lambda's reads are free.
      line("stream reads (Lambda's: free)", Quantity.ZERO, prices.dynamoDb.streamReadRequestUnits),
    ]),
    service('AWS Backup', [line('daily and monthly backups', dynamoDb.backupGbMonths, prices.backup.dynamoDbWarmStorage, 2)]),
    service('Lambda (arm64)', [line('requests', calls!, prices.lambda.requests), line('duration', gbSeconds!, prices.lambda.armDuration)]),
    service('API Gateway', [
      line('HTTP API requests', apiGateway.httpRequests, prices.apiGateway.httpRequests),
      line('WebSocket messages', apiGateway.webSocketMessages, prices.apiGateway.webSocketMessages),
      line('WebSocket connection minutes', apiGateway.connectionMinutes, prices.apiGateway.webSocketConnectionMinutes),
    ]),
    service('SQS', [line('requests', usage.sqsRequests, prices.sqs.requests)]),
    service('CloudFront', [
      line('HTTPS requests', cloudFront.requests, prices.cloudFront.httpsRequests),
      line('data transfer out', cloudFront.dataTransferGb, prices.cloudFront.dataTransferOut, 2),
    ]),
    service("WAF (the edge's firewall)", [
      line('web ACL', Quantity.of(model.inventory.webAcls), prices.waf.webAcls),
      line('rules', Quantity.of(model.inventory.webAclRules), prices.waf.rules),
      line('requests', cloudFront.requests, prices.waf.requests),
    ]),
    service('Secrets Manager', [
      line('secrets', secretsManager.secrets, prices.secretsManager.secrets),
      line('API calls', secretsManager.apiCalls, prices.secretsManager.apiCalls),
    ]),
    service('KMS', [
      line('customer managed keys', kms.keys, prices.kms.keys),
      line('key rotations billed', kms.rotations, prices.kms.keyRotations),
      line('requests', kms.requests, prices.kms.requests),
    ]),
    service('CloudWatch', [
      line(`alarms (${model.inventory.alarms})`, cloudWatch.alarmMetrics, prices.cloudWatch.alarmMetrics),
      line('custom metrics', cloudWatch.customMetrics, prices.cloudWatch.customMetrics),
      line('dashboards', cloudWatch.dashboards, prices.cloudWatch.dashboards),
      line('Lambda and WAF logs ingested', cloudWatch.vendedLogGb, prices.cloudWatch.vendedLogIngestion, 2),
      line('API access logs ingested', cloudWatch.accessLogGb, prices.cloudWatch.logIngestion, 2),
      line('logs stored', cloudWatch.storedLogGbMonths, prices.cloudWatch.logStorage, 2),
      line('Logs Insights (the dashboard)', cloudWatch.insightsScannedGb, prices.cloudWatch.logsInsightsScanned, 2),
    ]),
    service('X-Ray', [line('traces recorded', traces!, prices.xRay.tracesRecorded)]),
  ];
  return { traffic, settings, usage, services, cents: services.reduce((sum, { cents }) => sum + cents, 0) };
}

/** What a month's quantity costs at a price, tier by tier, in micro-dollars rounded half up once. */
export function chargeOf(quantity: Quantity, price: Price): bigint {
  let left = quantity;
  let charged = Quantity.ZERO;
  let from = 0;
  for (const tier of price.tiers) {
    const inTier = tier.upTo === undefined ? left : left.min(tier.upTo - from);
    charged = charged.plus(inTier.times(tier.microDollars).over(tier.per));
    left = left.minus(inTier);
    if (tier.upTo !== undefined) from = tier.upTo;
    if (left.isZero()) break;
  }
  return charged.rounded();
}
