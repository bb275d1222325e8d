import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { deploymentSettingsFrom } from '../../infra/deployment-settings';

const valid = {
  jwtIssuer: 'https://auth.partner.example',
  jwtAudience: ['casino-tables-api'],
  allowedOrigins: ['https://tables.partner.example'],
};

function settingsWith(context: Record<string, unknown>) {
  return deploymentSettingsFrom(new App({ context: { ...valid, ...context } }).node);
}

describe('deployment settings from CDK context', () => {
  it('reads the issuer, audiences and origins as given in cdk.json', () => {
    expect(settingsWith({})).toEqual(valid);
  });

  it('accepts comma-separated lists, as `-c jwtAudience=a,b` passes them', () => {
    expect(settingsWith({ jwtAudience: 'a, b', allowedOrigins: 'https://x.example,https://y.example:8443' })).toMatchObject({
      jwtAudience: ['a', 'b'],
      allowedOrigins: ['https://x.example', 'https://y.example:8443'],
    });
  });

  it('treats a missing allowedOrigins as no browser origin', () => {
    expect(settingsWith({ allowedOrigins: undefined }).allowedOrigins).toEqual([]);
  });

  it('refuses an issuer that is missing or not https (API Gateway only fetches keys over https)', () => {
    expect(() => settingsWith({ jwtIssuer: undefined })).toThrow(/jwtIssuer/);
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
});
