import { FUNCTION_ROLES } from '../deployment-settings';
import type { CostLine, CostModel, MonthlyCost } from './model';
import type { Price } from './prices-us-east-1';
import { Quantity } from './quantity';

/** Where the stage's settings came from, as the command read them. */
export interface SettingsSource {
  readonly inCdkJson: boolean;
}

/**
 * The month's cost as `npm run cost` prints it: the bill by service, then everything it follows
 * from (the traffic, the stage's settings, the measured figures, every assumption), so that a
 * reader can check each line. Money in cents, from whole micro-dollars; nothing depends on the
 * machine's locale.
 */
export function costStatement(cost: MonthlyCost, model: CostModel, source: SettingsSource): string {
  const { traffic, settings, usage, services } = cost;
  const { prices, measured, assumptions, inventory } = model;
  // Each line's columns, as printed: its item, quantity, unit, price (its amount beside them).
  const columnsOf = (line: CostLine) => [line.item, line.quantity.format(line.decimals), line.price.unit, priceText(line.price)] as const;
  const rows = services.flatMap(({ lines }) => lines.map(columnsOf));
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  const amountWidth = Math.max(12, dollars(cost.cents).length);
  const lineWidth = 2 + widths[0]! + 2 + widths[1]! + 1 + widths[2]! + 2 + widths[3]! + 2 + amountWidth;
  const heading = (label: string, cents: number) => `${label.padEnd(lineWidth - amountWidth)}${dollars(cents).padStart(amountWidth)}`;

  const out: string[] = [
    `Monthly cost of stage ${settings.stage}, in USD, for a ${assumptions.DAYS_PER_MONTH.value}-day month, at AWS's public list prices of ${prices.region}`,
    `as of ${prices.pricedAt} (CloudFront's: viewers in ${prices.cloudFront.viewers}), no free tier.`,
    ...(settings.region === prices.region ? [] : [`The stage runs in ${settings.region}, whose own list prices differ.`]),
    `Traffic: ${group(traffic.betsPerDay)} bets a day from ${group(traffic.players)} players at ${group(traffic.tables)} tables.`,
    '',
  ];
  for (const { service, lines, cents } of services) {
    out.push(heading(service, cents));
    for (const line of lines) {
      const [item, quantity, unit, price] = columnsOf(line);
      out.push(
        `  ${item.padEnd(widths[0]!)}  ${quantity.padStart(widths[1]!)} ${unit.padEnd(widths[2]!)}  ${price.padEnd(widths[3]!)}  ${dollars(line.cents).padStart(amountWidth)}`,
      );
    }
    if (service.startsWith('Lambda')) {
      const roleWidth = Math.max(...FUNCTION_ROLES.map((role) => role.length));
      for (const role of FUNCTION_ROLES) {
        const { invocations, gbSeconds } = usage.lambda[role];
        out.push(
          `    ${role.padEnd(roleWidth)} ${group(inventory.functions[role].memoryMb).padStart(5)} MB ${invocations.format().padStart(16)} calls ${gbSeconds.format(2).padStart(16)} GB-s`,
        );
      }
    }
  }
  out.push(heading('Total', cost.cents), '');

  const { derived } = usage;
  out.push(
    ...section('Traffic in the month', [
      ['bets', usage.traffic.bets.format()],
      ['rounds', usage.traffic.rounds.format()],
      ['bets a round', usage.traffic.betsPerRound.format(2)],
      ["settlement workers' parts", usage.traffic.settlementParts.format()],
      ['sessions (launches)', usage.traffic.sessions.format()],
      ['page loads', usage.traffic.pageLoads.format()],
      ['connected minutes', usage.traffic.connectedMinutes.format()],
      ['rounds watched', usage.traffic.viewerRounds.format()],
    ]),
    ...section(
      `Stage ${settings.stage}'s settings (${source.inCdkJson ? `cdk.json's stages.${settings.stage}` : "not in cdk.json's stages: the defaults"}, by deploymentSettingsFrom)`,
      [
        ['dailyBackupRetentionDays', `${settings.dailyBackupRetentionDays}`],
        ['monthlyBackupRetentionDays', `${settings.monthlyBackupRetentionDays}`],
        ['logRetentionDays', `${settings.logRetentionDays}`],
        ['region, replicaRegions', `${settings.region}, [${settings.replicaRegions.join(', ')}]`],
        ['warmWritesPerSecond', `${settings.warmWritesPerSecond} (charged once, when set or raised: not in the month)`],
      ],
    ),
    ...section(`Measured (BENCHMARKS.md, the run of ${measured.run})`, [
      [
        "a bet's lifecycle (figure 4)",
        `${hundredths(measured.lifecycle.tableWriteUnitsHundredths)} WCU table + ${hundredths(measured.lifecycle.indexWriteUnitsHundredths)} WCU indexes, ${hundredths(measured.lifecycle.readUnitsHundredths)} RCU, in rounds of ${measured.lifecycle.betsPerRound}`,
      ],
      [
        "its round's own (figure 4)",
        `${measured.round.writeUnits} WCU, ${measured.round.readUnits} RCU (${measured.round.gateShards} gate shards)`,
      ],
      [
        'items (figure 4)',
        `bet ${measured.itemBytes.bet} B, journal ${measured.itemBytes.journal} B, plan share ${measured.itemBytes.planShare} B`,
      ],
      [
        'placeBet p50 (figure 1)',
        `${Quantity.of(measured.placeBet.p50Microseconds, 1_000).format(3)} ms, ${measured.placeBet.dynamoDbRequests} DynamoDB request`,
      ],
      [
        `outcome of ${group(measured.outcome.bets)} bets (figure 2)`,
        `answered ${Quantity.of(measured.outcome.answerMicroseconds, 1_000).format(1)} ms, last credit ${Quantity.of(measured.outcome.lastCreditMicroseconds, 1_000).format(1)} ms`,
      ],
      [
        'page.js + page.css (figure 9)',
        `${tenths(measured.pageFiles.scriptTenthsOfKib)} + ${tenths(measured.pageFiles.stylesTenthsOfKib)} KiB, brotli`,
      ],
    ]),
    ...section('Derived', [
      ["a bet's own, less its round's share", `${derived.betWriteUnits.format(2)} WRU, ${derived.betReadUnits.format(2)} RRU`],
      ['a placeBet, an outcome, as billed', `${derived.placeBetMs.format()} ms, ${derived.outcomeMs.format()} ms`],
      ['a bet held (table and indexes)', `${derived.bytesPerBetHeld.format()} B`],
      ['stream shards, GraphQL instances', `${derived.streamShards.format()}, ${derived.graphqlInstances.format()}`],
    ]),
    ...section(
      'Assumptions (infra/cost/assumptions.ts)',
      Object.entries(assumptions).map(([name, { value, says }]) => [name, `${group(value).padStart(6)}  ${says}`]),
    ),
    'Prices: infra/cost/prices-us-east-1.ts, each with its pricing page (https://aws.amazon.com/<service>/pricing/).',
    "Not counted: free tiers, taxes, support; S3 (the client's files, access logs), SNS e-mails, data transfer to",
    "dealers' and partners' servers; cold starts' init time; seamless wallets' calls; tables the server deals.",
  );
  return `${out.join('\n')}\n`;
}

function section(title: string, rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([label]) => label.length));
  return [title, ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`), ''];
}

/** A price as its page gives it: the first tier's, "tiered" where more follow. */
function priceText(price: Price): string {
  const first = price.tiers[0]!;
  const per = first.per === 1 ? `per ${singular(price.unit)}` : `per ${PER_TEXT[first.per] ?? group(first.per)}`;
  return `$${rateDollars(first.microDollars)} ${per}${price.tiers.length > 1 ? ', tiered' : ''}`;
}

const PER_TEXT: Record<number, string> = { 10_000: '10,000', 100_000: '100,000', 1_000_000: 'million' };

const singular = (unit: string) =>
  unit.replace(/(ACL|rule|secret|call|key|rotation|metric|dashboard|trace|request|minute|message)s$/, '$1');

/** Micro-dollars as dollars, two decimals at least and as many as the price has. */
function rateDollars(microDollars: number): string {
  const text = Quantity.of(microDollars, 1_000_000).format(6);
  return text.replace(/0{1,4}$/, '');
}

function dollars(cents: number): string {
  return `$${Quantity.of(cents, 100).format(2)}`;
}

const group = (value: number) => Quantity.of(value).format();
const hundredths = (value: number) => Quantity.of(value, 100).format(2);
const tenths = (value: number) => Quantity.of(value, 10).format(1);
