/**
 * The layout of a DYNAMODB_JSON export, read and written as text: data lines, the manifest
 * summary and the list of data files, as AWS's export writes them.
 */
import { describe, expect, it } from 'vitest';
import {
  exportLine,
  exportManifests,
  parseExportLine,
  parseManifestFiles,
  parseManifestSummary,
  tableNameOfArn,
} from '../../../scripts/restore-drill/export-format';

describe('a data line', () => {
  it('is {"Item": ...} in DynamoDB JSON, read back as written', () => {
    const item = { pk: { S: 'ACCOUNT#p1' }, sk: { S: 'ACCOUNT' }, balance: { N: '100' } };
    expect(exportLine(item)).toBe('{"Item":{"pk":{"S":"ACCOUNT#p1"},"sk":{"S":"ACCOUNT"},"balance":{"N":"100"}}}');
    expect(parseExportLine(exportLine(item), 'line 1')).toEqual(item);
  });

  it('may be blank (a file ending in a newline)', () => {
    expect(parseExportLine('  ', 'line 9')).toBeUndefined();
  });

  it.each([
    ['not JSON', 'not json', 'f.json line 4: not JSON (not json)'],
    ['not an item', '{"pk": {"S": "x"}}', 'f.json line 4: a line of a data file is {"Item": {...}}'],
    ['an item without its sort key', '{"Item": {"pk": {"S": "x"}}}', 'f.json line 4: the item has no key sk (of type S)'],
    ['an item whose key is a number', '{"Item": {"pk": {"N": "1"}, "sk": {"S": "x"}}}', 'the item has no key pk (of type S)'],
  ])('refuses %s, naming its file and line', (_, line, message) => {
    expect(() => parseExportLine(line, 'f.json line 4')).toThrow(message);
  });
});

describe('the manifests', () => {
  const summary = {
    version: '2020-06-30',
    exportArn: 'arn:aws:dynamodb:ap-east-1:123456789012:table/casino-prod-Table/export/01234567890123-a1b2c3d4',
    tableArn: 'arn:aws:dynamodb:ap-east-1:123456789012:table/casino-prod-Table',
    exportTime: '2026-12-01T03:00:00.000Z',
    itemCount: 8,
    outputFormat: 'DYNAMODB_JSON',
    exportType: 'FULL_EXPORT',
  };

  it("read the export's table, moment and item count from AWS's summary", () => {
    expect(parseManifestSummary(JSON.stringify(summary), 'manifest-summary.json')).toEqual({
      tableArn: summary.tableArn,
      exportTime: summary.exportTime,
      itemCount: 8,
    });
    expect(tableNameOfArn(summary.tableArn)).toBe('casino-prod-Table');
  });

  it.each([
    ['an ION export', { ...summary, outputFormat: 'ION' }, 'the export is ION'],
    ['an incremental export', { ...summary, exportType: 'INCREMENTAL_EXPORT' }, 'the export is INCREMENTAL_EXPORT'],
    ['a count that is not one', { ...summary, itemCount: '8' }, 'itemCount is not a count of items'],
  ])('refuse %s', (_, json, message) => {
    expect(() => parseManifestSummary(JSON.stringify(json), 'manifest-summary.json')).toThrow(message);
  });

  it('list data files by their names in data/, with their counts', () => {
    const files = [
      '{"itemCount":3,"md5Checksum":"x","etag":"y","dataFileS3Key":"prefix/AWSDynamoDB/0123-ab/data/abc.json.gz"}',
      '{"itemCount":0,"dataFileS3Key":"AWSDynamoDB/0123-ab/data/def.json.gz"}',
      '',
    ].join('\n');
    expect(parseManifestFiles(files, 'manifest-files.json')).toEqual([
      { name: 'abc.json.gz', itemCount: 3 },
      { name: 'def.json.gz', itemCount: 0 },
    ]);
    expect(() => parseManifestFiles('{"itemCount":3}', 'manifest-files.json')).toThrow('manifest-files.json line 1');
  });

  it('are written as AWS writes them, and read back', () => {
    const made = exportManifests({
      tableName: 'casino-tables-local',
      exportId: '1796094000000-abcd1234',
      exportTime: '2026-12-01T03:00:00.000Z',
      endTime: '2026-12-01T03:00:01.000Z',
      dataFile: 'x.json.gz',
      itemCount: 12,
    });
    expect(parseManifestSummary(made.summary, 'manifest-summary.json')).toEqual({
      tableArn: 'arn:aws:dynamodb:local:000000000000:table/casino-tables-local',
      exportTime: '2026-12-01T03:00:00.000Z',
      itemCount: 12,
    });
    expect(JSON.parse(made.summary)).toMatchObject({ outputFormat: 'DYNAMODB_JSON', exportType: 'FULL_EXPORT', version: '2020-06-30' });
    expect(parseManifestFiles(made.files, 'manifest-files.json')).toEqual([{ name: 'x.json.gz', itemCount: 12 }]);
  });
});
