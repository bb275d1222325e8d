/**
 * The least a GraphQL Lambda on this stack can be, for the cold-start figure's floor: Apollo
 * Server on the same Lambda integration, one resolver reading one item with the same DynamoDB
 * client as the product (createDb), bundled by the stack's own bundling options.
 */
import { ApolloServer } from '@apollo/server';
import { handlers, startServerAndCreateLambdaHandler } from '@as-integrations/aws-lambda';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createDb } from '../../functions/store/kernel/db';
import { accountKey } from '../../functions/store/kernel/keys';

const endpoint = process.env.DYNAMODB_ENDPOINT;
const db = createDb({ tableName: process.env.TABLE_NAME!, ...(endpoint ? { endpoint } : {}) });

const server = new ApolloServer({
  typeDefs: 'type Query { balance(id: ID!): String }',
  resolvers: {
    Query: {
      balance: async (_: unknown, { id }: { id: string }) => {
        const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: accountKey(id), ConsistentRead: true }));
        return Item ? String(Item.balance) : null;
      },
    },
  },
});

export const handler = startServerAndCreateLambdaHandler(server, handlers.createAPIGatewayProxyEventV2RequestHandler());
