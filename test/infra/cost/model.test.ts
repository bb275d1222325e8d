/** The cost model (infra/cost/): a month's usage and its price, pure and exact. */
import { describe, expect, it } from 'vitest';
import { ASSUMPTIONS } from '../../../infra/cost/assumptions';
import { COST_MODEL, chargeOf, monthlyCost, type MonthlyCost } from '../../../infra/cost/model';
import type { Traffic } from '../../../infra/cost/month-traffic';
import { PRICES } from '../../../infra/cost/prices-us-east-1';
import { Quantity } from '../../../infra/cost/quantity';
import { costStatement } from '../../../infra/cost/statement';
import type { StageSettings } from '../../../infra/cost/usage';

const prod: StageSettings = {
  stage: 'prod',
  region: 'ap-east-1',
  replicaRegions: [],
  dailyBackupRetentionDays: 35,
  monthlyBackupRetentionDays: 2557,
  logRetentionDays: 365,
  warmWritesPerSecond: 40_000,
};
const pilot: Traffic = { betsPerDay: 20_000, players: 200, tables: 4 };
const nothing: Traffic = { betsPerDay: 0, players: 0, tables: 0 };

/** Every line of a month's bill, by "service / item", in micro-dollars. */
const linesOf = (cost: MonthlyCost) =>
  new Map<string, bigint>(
    cost.services.flatMap(({ service, lines }) => lines.map((line) => [`${service} / ${line.item}`, line.microDollars] as const)),
  );
const times = (traffic: Traffic, factor: number): Traffic => ({
  betsPerDay: traffic.betsPerDay * factor,
  players: traffic.players * factor,
  tables: traffic.tables * factor,
});

describe('the cost model', () => {
  it('doubles every line the traffic drives when the traffic doubles, and leaves the fixed ones', () => {
    const [none, once, twice] = [nothing, pilot, times(pilot, 2)].map((traffic) => linesOf(monthlyCost(traffic, prod)));
    for (const [item, base] of none!) {
      // X-Ray records every call up to one a second, then 5% of the rest: not proportional by design.
      if (item.startsWith('X-Ray')) continue;
      const [first, second] = [once!.get(item)! - base, twice!.get(item)! - base];
      // Each line is rounded once, to a micro-dollar: at most one off either way.
      expect(Number(second - 2n * first), item).toBeGreaterThanOrEqual(-2);
      expect(Number(second - 2n * first), item).toBeLessThanOrEqual(2);
    }
    const driven = [
      'DynamoDB (on-demand) / write request units',
      'DynamoDB (on-demand) / read request units',
      'DynamoDB (on-demand) / storage, table and indexes',
      'AWS Backup / daily and monthly backups',
      'Lambda (arm64) / requests',
      'API Gateway / HTTP API requests',
      'API Gateway / WebSocket messages',
      'CloudFront / data transfer out',
      "WAF (the edge's firewall) / requests",
    ];
    for (const item of driven) expect(twice!.get(item)! - none!.get(item)!, item).toBeGreaterThan(0n);
  });

  it('leaves the fixed costs with no traffic at all', () => {
    const cost = monthlyCost(nothing, prod);
    const lines = linesOf(cost);
    for (const item of [
      'DynamoDB (on-demand) / write request units',
      'DynamoDB (on-demand) / storage, table and indexes',
      'DynamoDB (on-demand) / point-in-time recovery',
      'AWS Backup / daily and monthly backups',
      'API Gateway / HTTP API requests',
      'API Gateway / WebSocket messages',
      'API Gateway / WebSocket connection minutes',
      'CloudFront / HTTPS requests',
      'CloudFront / data transfer out',
      "WAF (the edge's firewall) / requests",
    ])
      expect(lines.get(item), item).toBe(0n);
    const dollars = (item: string) => Number(lines.get(item)!) / 1_000_000;
    expect(dollars("WAF (the edge's firewall) / web ACL")).toBe(5);
    expect(dollars("WAF (the edge's firewall) / rules")).toBe(COST_MODEL.inventory.webAclRules);
    expect(dollars(`CloudWatch / alarms (${COST_MODEL.inventory.alarms})`)).toBeCloseTo(COST_MODEL.inventory.alarmMetrics * 0.1, 10);
    expect(dollars('CloudWatch / dashboards')).toBe(3);
    expect(dollars('KMS / customer managed keys')).toBe(1);
    // What runs on its own: the sweeper every minute, the ledger check every day, Lambda's polls of its queues.
    expect(cost.usage.lambda.sweeper.invocations.format()).toBe('43,200');
    expect(cost.usage.lambda.ledgerCheck.invocations.format()).toBe('30');
    expect(cost.usage.lambda.graphql.invocations.isZero()).toBe(true);
    expect(lines.get('SQS / requests')).toBeGreaterThan(0n);
    expect(cost.cents).toBeLessThan(monthlyCost(pilot, prod).cents);
  });

  it('moves a line whose price changes, and no other', () => {
    const dearer = {
      ...COST_MODEL,
      prices: {
        ...PRICES,
        dynamoDb: { ...PRICES.dynamoDb, writeRequestUnits: { unit: 'WRU', tiers: [{ microDollars: 1_250_000, per: 1_000_000 }] } },
      },
    };
    const [before, after] = [COST_MODEL, dearer].map((model) => linesOf(monthlyCost(pilot, prod, model)));
    for (const [item, microDollars] of before!) {
      if (item === 'DynamoDB (on-demand) / write request units') {
        expect(Number(after!.get(item)! - 2n * microDollars)).toBeLessThanOrEqual(1);
        expect(microDollars).toBeGreaterThan(0n);
      } else expect(after!.get(item), item).toBe(microDollars);
    }
  });

  it("follows the stage's settings: backups kept, logs kept, replicas", () => {
    const dev: StageSettings = { ...prod, stage: 'dev', dailyBackupRetentionDays: 7, monthlyBackupRetentionDays: 35, logRetentionDays: 30 };
    const [onProd, onDev] = [prod, dev].map((settings) => monthlyCost(pilot, settings).usage);
    // 35 daily backups and 12 monthly ones of a table growing evenly (6.5 tables' worth), against 7 and 1.
    expect(onProd!.dynamoDb.backupGbMonths.over(onProd!.dynamoDb.tableGb).format(2)).toBe('41.50');
    expect(onDev!.dynamoDb.backupGbMonths.over(onDev!.dynamoDb.tableGb).format(2)).toBe('8.00');
    // A year's logs held against a month's.
    expect(onProd!.cloudWatch.storedLogGbMonths.over(onDev!.cloudWatch.storedLogGbMonths).format(2)).toBe('12.00');
    const replicatedUsage = monthlyCost(pilot, { ...prod, replicaRegions: ['ap-southeast-1'] }).usage;
    const replicated = replicatedUsage.dynamoDb;
    expect(replicated.replicatedWriteUnits.compare(onProd!.dynamoDb.writeUnits)).toBe(0);
    expect(onProd!.dynamoDb.replicatedWriteUnits.isZero()).toBe(true);
    // The functions' secrets are copied to the replica's region, and each copy billed; the stack's origin secret is not copied.
    const stackSecrets = 1;
    expect(replicatedUsage.secretsManager.secrets.minus(stackSecrets).format(0)).toBe(
      onProd!.secretsManager.secrets.minus(stackSecrets).times(2).format(0),
    );
  });

  it("takes a bet's units from the bench's lifecycle, less its round's share, and the round's per round", () => {
    const { usage } = monthlyCost({ betsPerDay: 1, players: 1, tables: 0 }, prod);
    // 17.66 + 7 WCU a lifecycle, less 145 WCU shared by 100 bets; 1.7 RCU less 72 shared.
    expect(usage.derived.betWriteUnits.format(2)).toBe('23.21');
    expect(usage.derived.betReadUnits.format(2)).toBe('0.98');
    // The bench's 7.022 ms, and a DynamoDB request's round trip, billed in whole milliseconds.
    expect(usage.derived.placeBetMs.format()).toBe('18');
    const round = monthlyCost({ betsPerDay: 0, players: 0, tables: 1 }, prod).usage;
    expect(round.dynamoDb.writeUnits.over(round.traffic.rounds).format()).toBe('145');
  });

  it('pays a round of more than a part of bets through the settlement workers', () => {
    const small = monthlyCost({ betsPerDay: 1_440_000, players: 1_000, tables: 1 }, prod).usage;
    expect(small.traffic.betsPerRound.format()).toBe('1,000');
    expect(small.lambda.settlementWorker.invocations.isZero()).toBe(true);
    const big = monthlyCost({ betsPerDay: 1_440_001, players: 1_000, tables: 1 }, prod).usage;
    expect(big.traffic.settlementParts.over(big.traffic.rounds).format()).toBe('2');
    const huge = monthlyCost({ betsPerDay: 1_440_000_000, players: 1_000, tables: 1 }, prod).usage;
    expect(huge.traffic.settlementParts.over(huge.traffic.rounds).format()).toBe('16');
  });

  it('prices tiers in turn, and rounds a line once, half up', () => {
    // 400 million HTTP API requests: 300 million at $1.00, 100 million at $0.90.
    expect(chargeOf(Quantity.of(400_000_000), PRICES.apiGateway.httpRequests)).toBe(390_000_000n);
    expect(chargeOf(Quantity.of(1, 2), { unit: 'x', tiers: [{ microDollars: 1, per: 1 }] })).toBe(1n);
    expect(chargeOf(Quantity.of(1, 3), { unit: 'x', tiers: [{ microDollars: 1, per: 1 }] })).toBe(0n);
    expect(chargeOf(Quantity.ZERO, PRICES.lambda.armDuration)).toBe(0n);
  });

  it('prints lines that add up to their service and services to the total, in cents', () => {
    const cost = monthlyCost(pilot, prod);
    for (const { lines, cents } of cost.services) expect(lines.reduce((sum, line) => sum + line.cents, 0)).toBe(cents);
    expect(cost.services.reduce((sum, { cents }) => sum + cents, 0)).toBe(cost.cents);
    const text = costStatement(cost, COST_MODEL, { inCdkJson: true });
    expect(text.endsWith('\n')).toBe(true);
    expect(text).toMatch(/^Total +\$[\d,]+\.\d\d$/m);
    for (const name of Object.keys(ASSUMPTIONS)) expect(text).toContain(`  ${name} `);
    // Each amount, a service's and a line's, in dollars and cents at the end of its line.
    for (const { service, lines } of cost.services) {
      expect(text).toMatch(new RegExp(`^${service.replace(/[()]/g, '\\$&')} +\\$[\\d,]+\\.\\d\\d$`, 'm'));
      for (const line of lines) expect(text).toMatch(new RegExp(`^  ${line.item.replace(/[()]/g, '\\$&')} .* \\$[\\d,]+\\.\\d\\d$`, 'm'));
    }
    expect(costStatement(monthlyCost(pilot, prod), COST_MODEL, { inCdkJson: true })).toBe(text);
  });
});

describe('Quantity', () => {
  it('is exact: a third three times is one', () => {
    const third = Quantity.of(1, 3);
    expect(third.plus(third).plus(third).compare(1)).toBe(0);
    expect(Quantity.of(1, 10).plus(Quantity.of(2, 10)).compare(Quantity.of(3, 10))).toBe(0);
  });

  it('rounds half up when printed, and groups thousands', () => {
    expect(Quantity.of(2, 3).format(2)).toBe('0.67');
    expect(Quantity.of(5, 1_000).format(2)).toBe('0.01');
    expect(Quantity.of(1_234_567_891, 100).format(2)).toBe('12,345,678.91');
    expect(Quantity.of(7, 2).ceil().format()).toBe('4');
    expect(Quantity.of(8, 2).ceil().format()).toBe('4');
  });

  it('takes whole numbers only', () => {
    expect(() => Quantity.of(0.1)).toThrow(/whole numbers/);
  });
});
