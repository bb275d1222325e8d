import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';

/**
 * How the server speaks to a WebSocket client it cannot hold a socket of: in AWS, API Gateway's
 * @connections API; locally, the local server's sockets (local/socket-server.ts).
 */
export interface ConnectionSender {
  /** Sends one graphql-ws message; false when the connection is gone (its items can be forgotten). */
  send(connectionId: string, message: object): Promise<boolean>;
  /**
   * Ends the connection with a graphql-ws close code (4400 bad message, 4401 not acknowledged,
   * 4403 forbidden, 4409 duplicate subscription id, 4429 second init). API Gateway cannot send
   * a close code of ours: there the connection is closed with 1000 and `reason` is not sent.
   */
  close(connectionId: string, code: number, reason: string): Promise<void>;
}

/** The @connections API of the WebSocket API at `endpoint` (https://<api-id>.execute-api.<region>.amazonaws.com/<stage>). */
export function apiGatewaySender(endpoint: string): ConnectionSender {
  const client = new ApiGatewayManagementApiClient({ endpoint });
  return {
    async send(connectionId, message) {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }));
        return true;
      } catch (error) {
        if (error instanceof GoneException) return false;
        throw error;
      }
    },
    async close(connectionId) {
      try {
        await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (error) {
        if (!(error instanceof GoneException)) throw error;
      }
    },
  };
}
