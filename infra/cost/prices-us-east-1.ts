/**
 * AWS public list prices the cost model (model.ts) charges, as dated data: us-east-1, on-demand,
 * no free tier (an account's free tiers are shared by its stages and whatever else it runs), no
 * savings plan or private pricing. Read off each service's pricing page (its `source`) as of
 * `pricedAt`; when AWS changes a price, change it here and the date with it, then regenerate the
 * examples in docs/DEPLOY.md ("Cost"), which a test compares with `npm run cost`.
 */

/** What `microDollars` buys: `per` units (1, 10,000 or 1,000,000 of them). */
export interface Rate {
  readonly microDollars: number;
  readonly per: number;
}

/** A price: its unit and its tiers, each up to `upTo` units a month (counted from zero), the last unbounded. */
export interface Price {
  readonly unit: string;
  readonly tiers: readonly (Rate & { readonly upTo?: number })[];
}

const MILLION = 1_000_000;
const TEN_THOUSAND = 10_000;
/** CloudFront's data transfer tiers are in terabytes; the model counts GB (2^30 bytes). */
const TB = 1_024;

const flat = (unit: string, microDollars: number, per = 1): Price => ({ unit, tiers: [{ microDollars, per }] });

export interface Prices {
  readonly pricedAt: string;
  readonly region: string;
  readonly dynamoDb: {
    readonly source: string;
    readonly writeRequestUnits: Price;
    /** Writes replicated to a global table's other regions. */
    readonly replicatedWriteRequestUnits: Price;
    readonly readRequestUnits: Price;
    readonly storage: Price;
    readonly pointInTimeRecovery: Price;
    /** Streams reads other than a Lambda trigger's (which are free). */
    readonly streamReadRequestUnits: Price;
  };
  readonly backup: { readonly source: string; readonly dynamoDbWarmStorage: Price };
  readonly lambda: { readonly source: string; readonly requests: Price; readonly armDuration: Price };
  readonly apiGateway: {
    readonly source: string;
    readonly httpRequests: Price;
    readonly webSocketMessages: Price;
    readonly webSocketConnectionMinutes: Price;
  };
  readonly sqs: { readonly source: string; readonly requests: Price };
  /** Viewers in Asia Pacific (Hong Kong, Indonesia, Malaysia, Philippines, Singapore, South Korea, Taiwan, Thailand, Vietnam): the games are Macau's. */
  readonly cloudFront: {
    readonly source: string;
    readonly viewers: string;
    readonly dataTransferOut: Price;
    readonly httpsRequests: Price;
  };
  readonly waf: { readonly source: string; readonly webAcls: Price; readonly rules: Price; readonly requests: Price };
  readonly secretsManager: { readonly source: string; readonly secrets: Price; readonly apiCalls: Price };
  /** A key rotated automatically costs $1 more a month for each of its first two rotations. */
  readonly kms: { readonly source: string; readonly keys: Price; readonly keyRotations: Price; readonly requests: Price };
  readonly cloudWatch: {
    readonly source: string;
    readonly alarmMetrics: Price;
    readonly customMetrics: Price;
    readonly dashboards: Price;
    /** Lambda's and WAF's logs: vended logs, in tiers. */
    readonly vendedLogIngestion: Price;
    readonly logIngestion: Price;
    readonly logStorage: Price;
    readonly logsInsightsScanned: Price;
  };
  readonly xRay: { readonly source: string; readonly tracesRecorded: Price };
}

export const PRICES: Prices = {
  pricedAt: '2026-12-01',
  region: 'us-east-1',
  dynamoDb: {
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    writeRequestUnits: flat('WRU', 625_000, MILLION),
    replicatedWriteRequestUnits: flat('rWRU', 625_000, MILLION),
    readRequestUnits: flat('RRU', 125_000, MILLION),
    storage: flat('GB-month', 250_000),
    pointInTimeRecovery: flat('GB-month', 200_000),
    streamReadRequestUnits: flat('stream RRU', 20_000, 100_000),
  },
  backup: { source: 'https://aws.amazon.com/backup/pricing/', dynamoDbWarmStorage: flat('GB-month', 100_000) },
  lambda: {
    source: 'https://aws.amazon.com/lambda/pricing/',
    requests: flat('requests', 200_000, MILLION),
    armDuration: {
      unit: 'GB-s',
      tiers: [
        { upTo: 7_500_000_000, microDollars: 13_333_400, per: MILLION },
        { upTo: 18_750_000_000, microDollars: 12_000_100, per: MILLION },
        { microDollars: 10_666_700, per: MILLION },
      ],
    },
  },
  apiGateway: {
    source: 'https://aws.amazon.com/api-gateway/pricing/',
    httpRequests: {
      unit: 'requests',
      tiers: [
        { upTo: 300_000_000, microDollars: 1_000_000, per: MILLION },
        { microDollars: 900_000, per: MILLION },
      ],
    },
    webSocketMessages: {
      unit: 'messages',
      tiers: [
        { upTo: 1_000_000_000, microDollars: 1_000_000, per: MILLION },
        { microDollars: 800_000, per: MILLION },
      ],
    },
    webSocketConnectionMinutes: flat('minutes', 250_000, MILLION),
  },
  sqs: { source: 'https://aws.amazon.com/sqs/pricing/', requests: flat('requests', 400_000, MILLION) },
  cloudFront: {
    source: 'https://aws.amazon.com/cloudfront/pricing/',
    viewers: 'Asia Pacific',
    dataTransferOut: {
      unit: 'GB',
      tiers: [
        { upTo: 10 * TB, microDollars: 120_000, per: 1 },
        { upTo: 50 * TB, microDollars: 100_000, per: 1 },
        { upTo: 150 * TB, microDollars: 80_000, per: 1 },
        { upTo: 500 * TB, microDollars: 70_000, per: 1 },
        { upTo: 1_024 * TB, microDollars: 60_000, per: 1 },
        { microDollars: 50_000, per: 1 },
      ],
    },
    httpsRequests: flat('requests', 12_000, TEN_THOUSAND),
  },
  waf: {
    source: 'https://aws.amazon.com/waf/pricing/',
    webAcls: flat('web ACLs', 5_000_000),
    rules: flat('rules', 1_000_000),
    requests: flat('requests', 600_000, MILLION),
  },
  secretsManager: {
    source: 'https://aws.amazon.com/secrets-manager/pricing/',
    secrets: flat('secrets', 400_000),
    apiCalls: flat('calls', 50_000, TEN_THOUSAND),
  },
  kms: {
    source: 'https://aws.amazon.com/kms/pricing/',
    keys: flat('keys', 1_000_000),
    keyRotations: flat('rotations', 1_000_000),
    requests: flat('requests', 30_000, TEN_THOUSAND),
  },
  cloudWatch: {
    source: 'https://aws.amazon.com/cloudwatch/pricing/',
    alarmMetrics: flat('alarm metrics', 100_000),
    customMetrics: {
      unit: 'metrics',
      tiers: [
        { upTo: 10_000, microDollars: 300_000, per: 1 },
        { upTo: 250_000, microDollars: 100_000, per: 1 },
        { upTo: 1_000_000, microDollars: 50_000, per: 1 },
        { microDollars: 20_000, per: 1 },
      ],
    },
    dashboards: flat('dashboards', 3_000_000),
    vendedLogIngestion: {
      unit: 'GB',
      tiers: [
        { upTo: 10 * TB, microDollars: 500_000, per: 1 },
        { upTo: 30 * TB, microDollars: 250_000, per: 1 },
        { upTo: 50 * TB, microDollars: 100_000, per: 1 },
        { microDollars: 50_000, per: 1 },
      ],
    },
    logIngestion: flat('GB', 500_000),
    logStorage: flat('GB-month', 30_000),
    logsInsightsScanned: flat('GB', 5_000),
  },
  xRay: { source: 'https://aws.amazon.com/xray/pricing/', tracesRecorded: flat('traces', 5_000_000, MILLION) },
};
