import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, deploymentSettingsFrom, stageNamesFrom } from '../../infra/deployment-settings';

const valid = {
  jwtIssuer: 'https://auth.partner.example',
  jwtAudience: ['casino-tables-api'],
  allowedOrigins: ['https://tables.partner.example'],
};

/** The settings of stage `qa`, given as its entry under `stages`, with command-line overrides beside it. */
function settingsWith(stage: Record<string, unknown>, commandLine: Record<string, unknown> = {}) {
  return deploymentSettingsFrom(new App({ context: { stages: { qa: { ...valid, ...stage } }, ...commandLine } }).node, 'qa');
}

describe('deployment settings from CDK context', () => {
  it("reads the stage's issuer, audiences and origins as given in cdk.json, the defaults for the rest", () => {
    expect(settingsWith({})).toEqual({ ...DEFAULT_SETTINGS, ...valid, stage: 'qa' });
  });

  it("lets the command line (-c key=value) override the stage's entry, strings as the CLI passes them", () => {
    const settings = settingsWith(
      { retainData: false, logRetentionDays: 30 },
      {
        jwtAudience: 'a, b',
        allowedOrigins: 'https://x.example,https://y.example:8443',
        retainData: 'true',
        throttle: '{"rateLimit":10,"burstLimit":20}',
        reservedConcurrency: '{"graphql":50}',
        monthlyBackupRetentionDays: '3653',
      },
    );
    expect(settings).toMatchObject({
      jwtAudience: ['a', 'b'],
      allowedOrigins: ['https://x.example', 'https://y.example:8443'],
      retainData: true,
      logRetentionDays: 30,
      throttle: { rateLimit: 10, burstLimit: 20 },
      reservedConcurrency: { graphql: 50 },
      monthlyBackupRetentionDays: 3653,
    });
  });

  it('gives a stage not listed under stages the defaults: its data retained, the placeholder issuer', () => {
    const settings = deploymentSettingsFrom(new App({ context: {} }).node, 'sandbox');
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, stage: 'sandbox' });
    expect(settings.retainData).toBe(true);
  });

  it('treats a missing allowedOrigins as no browser origin', () => {
    expect(settingsWith({ allowedOrigins: undefined }).allowedOrigins).toEqual([]);
  });

  it('refuses an issuer that is not https (API Gateway only fetches keys over https)', () => {
    expect(() => settingsWith({ jwtIssuer: 'http://auth.partner.example' })).toThrow(/jwtIssuer must be the https URL/);
    expect(() => settingsWith({ jwtIssuer: 'auth.partner.example' })).toThrow(/jwtIssuer/);
  });

  it('refuses an empty audience list', () => {
    expect(() => settingsWith({ jwtAudience: [] })).toThrow(/jwtAudience must name at least one audience/);
    expect(() => settingsWith({ jwtAudience: '' })).toThrow(/jwtAudience/);
    expect(() => settingsWith({ jwtAudience: [42] })).toThrow(/jwtAudience must be a list of strings/);
  });

  it('refuses an origin a browser would never send (path, trailing slash, no scheme)', () => {
    expect(() => settingsWith({ allowedOrigins: ['https://tables.partner.example/'] })).toThrow(/not an origin/);
    expect(() => settingsWith({ allowedOrigins: ['https://tables.partner.example/app'] })).toThrow(/not an origin/);
    expect(() => settingsWith({ allowedOrigins: ['tables.partner.example'] })).toThrow(/not an origin/);
  });

  it('refuses a misspelt setting, an unknown function and numbers that are not whole and positive', () => {
    expect(() => settingsWith({ retainDate: true })).toThrow(/stages\.qa\.retainDate is not a setting/);
    expect(() => settingsWith({ reservedConcurrency: { graphQL: 5 } })).toThrow(/reservedConcurrency\.graphQL is not a function/);
    expect(() => settingsWith({ reservedConcurrency: { graphql: 0 } })).toThrow(/reservedConcurrency\.graphql must be a whole number/);
    expect(() => settingsWith({ throttle: { rateLimit: 1.5, burstLimit: 2 } })).toThrow(/throttle\.rateLimit/);
    expect(() => settingsWith({ throttle: 'fast' })).toThrow(/throttle must be an object/);
    expect(() => settingsWith({ monthlyBackupRetentionDays: -1 })).toThrow(/monthlyBackupRetentionDays/);
    expect(() => settingsWith({ retainData: 'yes' })).toThrow(/retainData must be true or false/);
  });

  it('warms the table only as asked, and never below what on-demand takes at once already', () => {
    expect(settingsWith({}).warmWritesPerSecond).toBe(0);
    expect(settingsWith({ warmWritesPerSecond: 40_000 }).warmWritesPerSecond).toBe(40_000);
    expect(() => settingsWith({ warmWritesPerSecond: 1_000 })).toThrow(/warmWritesPerSecond must be 0 \(none\) or at least 4000/);
    expect(() => settingsWith({ warmWritesPerSecond: -1 })).toThrow(/warmWritesPerSecond/);
  });

  it('spreads the store as the stage says, each count within its bounds, the defaults for the rest', () => {
    expect(settingsWith({}).storePartitions).toEqual({ book: 64, live: 16, tableBets: 64, wallet: 16 });
    expect(settingsWith({ storePartitions: { book: 4, live: 4 } }).storePartitions).toEqual({
      book: 4,
      live: 4,
      tableBets: 64,
      wallet: 16,
    });
    expect(settingsWith({}, { storePartitions: '{"tableBets":8}' }).storePartitions).toEqual({
      book: 64,
      live: 16,
      tableBets: 8,
      wallet: 16,
    });
    expect(() => settingsWith({ storePartitions: { book: 2 } })).toThrow(/storePartitions.book must be a whole number of at least 4/);
    expect(() => settingsWith({ storePartitions: { live: 32 } })).toThrow(/storePartitions.live must be from 4 to 16, got 32/);
    expect(settingsWith({ storePartitions: { wallet: 4 } }).storePartitions.wallet).toBe(4);
    expect(() => settingsWith({ storePartitions: { wallet: 32 } })).toThrow(/storePartitions.wallet must be from 4 to 16, got 32/);
    expect(() => settingsWith({ storePartitions: { bets: 8 } })).toThrow(/storePartitions.bets is not a setting; they are book=<4 to 64>/);
    expect(() => settingsWith({ storePartitions: 4 })).toThrow(/storePartitions must be an object/);
  });

  it('gives a failover stage the counts of the stage whose table it runs on, and refuses others', () => {
    const streamArn = 'arn:aws:dynamodb:ap-northeast-1:123456789012:table/CasinoTables-main-Table-1A2B3C/stream/2026-12-01T00:00:00.000';
    const failoverOf = (main: Record<string, unknown>, own: Record<string, unknown> = {}) =>
      deploymentSettingsFrom(
        new App({
          context: {
            stages: {
              main: { ...valid, ...main },
              qa: {
                ...valid,
                region: 'ap-northeast-1',
                failover: { of: 'main', tableName: 'CasinoTables-main-Table-1A2B3C', streamArn },
                ...own,
              },
            },
          },
        }).node,
        'qa',
      ).storePartitions;
    expect(failoverOf({ storePartitions: { book: 8, live: 4 } })).toEqual({ book: 8, live: 4, tableBets: 64, wallet: 16 });
    expect(failoverOf({ storePartitions: { book: 8 } }, { storePartitions: { book: 8 } })).toEqual({
      book: 8,
      live: 16,
      tableBets: 64,
      wallet: 16,
    });
    expect(failoverOf({})).toEqual(DEFAULT_SETTINGS.storePartitions);
    expect(() => failoverOf({ storePartitions: { book: 8 } }, { storePartitions: { book: 4 } })).toThrow(
      /storePartitions must be stage main's \(book=8,live=16,tableBets=64,wallet=16\), whose table this stage runs on, got book=4,live=16,tableBets=64,wallet=16/,
    );
  });

  it('refuses a log retention CloudWatch does not offer, and an alarm e-mail that is not one', () => {
    expect(() => settingsWith({ logRetentionDays: 100 })).toThrow(/logRetentionDays must be one of CloudWatch's periods/);
    expect(settingsWith({ logRetentionDays: 3653 }).logRetentionDays).toBe(3653);
    expect(() => settingsWith({ alarmEmail: 'ops' })).toThrow(/alarmEmail must be an e-mail address/);
    expect(settingsWith({ alarmEmail: 'ops@casino.example' }).alarmEmail).toBe('ops@casino.example');
  });

  it("reads the stage's region and replicas, refusing a replica in the stage's own region or named twice", () => {
    expect(settingsWith({}).region).toBe('ap-southeast-1');
    expect(settingsWith({ region: 'eu-west-1', replicaRegions: ['eu-central-1'] })).toMatchObject({
      region: 'eu-west-1',
      replicaRegions: ['eu-central-1'],
    });
    expect(settingsWith({}, { replicaRegions: 'ap-south-1, ap-northeast-1' }).replicaRegions).toEqual(['ap-south-1', 'ap-northeast-1']);
    expect(() => settingsWith({ region: 'Hong Kong' })).toThrow(/Context region must be an AWS region/);
    // The stage's access log bucket is in its region, and CloudFront writes no standard logs there.
    expect(() => settingsWith({ region: 'ap-east-1' })).toThrow(/CloudFront delivers no standard logs to a bucket there/);
    expect(() => settingsWith({ replicaRegions: ['ap-southeast-1'] })).toThrow(
      /replicaRegions: "ap-southeast-1" must be an AWS region other than the stage's own/,
    );
    expect(() => settingsWith({ replicaRegions: ['eu-west-1', 'eu-west-1'] })).toThrow(/names a region twice/);
  });

  it("names CodeDeploy's ways of shifting traffic, and refuses any other", () => {
    expect(settingsWith({}).deploymentConfig).toBe('CANARY_10PERCENT_5MINUTES');
    expect(settingsWith({}, { deploymentConfig: 'LINEAR_10PERCENT_EVERY_1MINUTE' }).deploymentConfig).toBe(
      'LINEAR_10PERCENT_EVERY_1MINUTE',
    );
    expect(() => settingsWith({ deploymentConfig: 'BLUE_GREEN' })).toThrow(
      /deploymentConfig must be one of ALL_AT_ONCE, CANARY_10PERCENT_5MINUTES/,
    );
  });

  it('takes custom domains only with a certificate CloudFront can use, and a rate the firewall can count', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b';
    expect(settingsWith({}).edge).toEqual({ customDomains: [], certificateArn: '', requestsPerIpPer5Minutes: 3000 });
    expect(settingsWith({ edge: { customDomains: ['Tables.Casino.example'], certificateArn } }).edge).toEqual({
      customDomains: ['tables.casino.example'],
      certificateArn,
      requestsPerIpPer5Minutes: 3000,
    });
    expect(() => settingsWith({ edge: { customDomains: ['tables.casino.example'] } })).toThrow(
      /customDomains and edge.certificateArn go together/,
    );
    expect(() => settingsWith({ edge: { certificateArn } })).toThrow(/go together/);
    expect(() => settingsWith({ edge: { customDomains: ['https://tables.casino.example'], certificateArn } })).toThrow(
      /is not a host name/,
    );
    expect(() =>
      settingsWith({ edge: { customDomains: ['t.casino.example'], certificateArn: certificateArn.replace('us-east-1', 'eu-west-1') } }),
    ).toThrow(/certificate in us-east-1/);
    expect(() => settingsWith({ edge: { requestsPerIpPer5Minutes: 5 } })).toThrow(
      /requestsPerIpPer5Minutes must be a whole number of at least 10/,
    );
    expect(() => settingsWith({ edge: { rate: 5 } })).toThrow(/edge.rate is not a setting/);
  });
});

describe('the stages to synthesize', () => {
  it('are every stage under stages, or the one -c stage names', () => {
    const stages = { dev: {}, prod: {} };
    expect(stageNamesFrom(new App({ context: { stages } }).node)).toEqual(['dev', 'prod']);
    expect(stageNamesFrom(new App({ context: { stages, stage: 'prod' } }).node)).toEqual(['prod']);
    expect(stageNamesFrom(new App({ context: { stages, stage: 'qa' } }).node)).toEqual(['qa']);
  });

  it('refuses a stage name that cannot be part of a stack name, and an app with no stage at all', () => {
    expect(() => stageNamesFrom(new App({ context: { stage: 'Prod_1' } }).node)).toThrow(/Context stage must be/);
    expect(() => stageNamesFrom(new App({ context: {} }).node)).toThrow(/No stage to synthesize/);
  });
});
