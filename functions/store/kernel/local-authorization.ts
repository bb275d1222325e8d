/**
 * The Authorization header of every request to DynamoDB Local: it reads the access key from a
 * SigV4-shaped header and checks no signature, so requests to it go unsigned (db.ts's client
 * settings, and local/dynamodb-local.ts's check that it answers, which loads no SDK).
 */
export const LOCAL_AUTHORIZATION =
  'AWS4-HMAC-SHA256 Credential=local/19700101/local/dynamodb/aws4_request, SignedHeaders=host, Signature=unsigned';
