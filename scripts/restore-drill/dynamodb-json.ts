/**
 * Items as DynamoDB JSON, the form a table export writes them in (`aws dynamodb
 * export-table-to-point-in-time --export-format DYNAMODB_JSON`): each attribute as its wire
 * AttributeValue (`{"S": "..."}`, `{"N": "12"}`, ...). Numbers stay the decimal strings DynamoDB
 * sends, never a JavaScript number, so that an item goes from a table to a file and back exactly
 * (a number past 2^53 would come back rounded). Binary values are base64 in the file, bytes in the SDK.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';

/** An item as the low-level client reads and writes it. */
export type Item = Record<string, AttributeValue>;

/** A number as DynamoDB JSON writes it: a decimal string, with its sign and exponent if any. */
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function itemToJson(item: Item): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, valueToJson(value)]));
}

function valueToJson(value: AttributeValue): unknown {
  if (value.S !== undefined) return { S: value.S };
  if (value.N !== undefined) return { N: value.N };
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: true };
  if (value.M !== undefined) return { M: itemToJson(value.M) };
  if (value.L !== undefined) return { L: value.L.map(valueToJson) };
  if (value.SS !== undefined) return { SS: value.SS };
  if (value.NS !== undefined) return { NS: value.NS };
  if (value.BS !== undefined) return { BS: value.BS.map((bytes) => Buffer.from(bytes).toString('base64')) };
  throw new Error(`an attribute of a type DynamoDB JSON has no form for: ${JSON.stringify(value)}`);
}

/** An item read back from DynamoDB JSON; `where` names its place (a file and line) in what a refusal says. */
export function itemFromJson(json: unknown, where: string): Item {
  if (!isRecord(json)) throw new Error(`${where}: an item is an object of attributes, not ${describe(json)}`);
  return Object.fromEntries(Object.entries(json).map(([name, value]) => [name, valueFromJson(value, `${where}, attribute ${name}`)]));
}

function valueFromJson(json: unknown, where: string): AttributeValue {
  const entries = isRecord(json) ? Object.entries(json) : [];
  if (entries.length === 1) {
    const [type, value] = entries[0]!;
    switch (type) {
      case 'S':
        if (typeof value === 'string') return { S: value };
        break;
      case 'N':
        if (typeof value === 'string' && NUMBER.test(value)) return { N: value };
        break;
      case 'B':
        if (typeof value === 'string') return { B: Buffer.from(value, 'base64') };
        break;
      case 'BOOL':
        if (typeof value === 'boolean') return { BOOL: value };
        break;
      case 'NULL':
        if (value === true) return { NULL: true };
        break;
      case 'M':
        if (isRecord(value)) return { M: itemFromJson(value, where) };
        break;
      case 'L':
        if (Array.isArray(value)) return { L: value.map((element, i) => valueFromJson(element, `${where}[${i}]`)) };
        break;
      case 'SS':
        if (isStrings(value)) return { SS: value };
        break;
      case 'NS':
        if (isStrings(value) && value.every((number) => NUMBER.test(number))) return { NS: value };
        break;
      case 'BS':
        if (isStrings(value)) return { BS: value.map((bytes) => Buffer.from(bytes, 'base64')) };
        break;
    }
  }
  throw new Error(`${where}: ${describe(json)} is not a DynamoDB JSON value ({"S": "..."}, {"N": "..."}, {"M": {...}}, ...)`);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((element) => typeof element === 'string');
const describe = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
};
