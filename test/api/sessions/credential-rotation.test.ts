import { randomUUID } from 'node:crypto';
/**
 * A partner's launch credential rotates while its backend keeps calling (docs/LAUNCH.md, "Rotating
 * a credential"), through real HTTP to the real session routes: a scheduled rotation (the real
 * rotation function's four steps, Secrets Manager played locally over the same store) issues a
 * successor, the partner fetches it with a call signed by the old credential and switches, and no
 * call is refused; the old credential stays in force for the overlap after the partner's first call
 * signed with the successor, then is refused, revoked by the rotation. Never more than two in force.
 * The house's own player token keys rotate through the same function.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dealer, refusalOf } from '../../support/test-api';
import { useTestApi } from '../../support/use-test-api';
import { issueCredential, ISSUE_CREDENTIAL, partnerCall, type PartnerSigner } from '../../support/partner-launch';
import { localSecretRotation, type LocalSecretRotation } from '../../../local/secret-rotation';
import { secretRotator } from '../../../functions/workers/secret-rotation-handler';
import { credentialSecretName } from '../../../functions/services/sessions/partner-credentials';
import { PLAYER_TOKEN_KEY_NAME } from '../../../functions/services/kernel/player-token-issuer';

/** A secret-answering call's body, unique: two calls of one second with the same body would sign alike, and a signature is taken once. */
const once = () => ({ requestId: randomUUID() });

const OVERLAP_MS = 60 * 60_000;
/** The handler's clock: real time, moved past the overlap when a test says. */
let ahead = 0;
const api = useTestApi({ clock: () => new Date(Date.now() + ahead).toISOString(), secretOverlapMs: OVERLAP_MS });
const OPERATOR = dealer('test-dealer');
const PARTNER = 'rotating-launch-co';
let first: PartnerSigner;
let local: LocalSecretRotation;
let rotator: ReturnType<typeof secretRotator>;

beforeAll(async () => {
  await api.fundAccount(`${PARTNER}/ana`, 100_000);
  first = await issueCredential(api, PARTNER);
  local = localSecretRotation(api.deps.walletSecrets!);
  rotator = secretRotator(api.deps, local.versions);
});

/** A signed call of the partner's backend, by the handler's clock. */
const call = (signer: PartnerSigner, path: string, body: unknown) => partnerCall(api, signer, path, body, Date.now() + ahead);
const launch = (signer: PartnerSigner) =>
  call(signer, '/partner/v1/launch', { playerId: 'ana', currency: 'MOP', language: 'en', platform: 'DESKTOP' });

const CREDENTIALS = `query ($partner: ID!) {
  partnerCredentials(partner: $partner) { keyId issuedBy revokedAt revokedBy successorOf retiresAt }
}`;
const credentials = async (): Promise<Record<string, any>[]> =>
  (await api.data(OPERATOR, CREDENTIALS, { partner: PARTNER })).partnerCredentials;
const ROTATE = `mutation ($partner: ID!) {
  rotatePartnerCredential(input: { partner: $partner }) { credential { keyId secret successorOf } userErrors { code field message } }
}`;

/** The partner's backend: launches one after another, each signed with the credential it holds then, until told to stop. */
function backend(signer: PartnerSigner) {
  const statuses: number[] = [];
  const holding = { signer, stop: false };
  const running = (async () => {
    while (!holding.stop) statuses.push((await launch(holding.signer)).status);
  })();
  return {
    statuses,
    /** From now, signs with this credential. */
    switchTo: (next: PartnerSigner) => {
      holding.signer = next;
    },
    /** Waits until `more` calls more than now have been answered. */
    calls: async (more: number) => {
      const target = statuses.length + more;
      await expect.poll(() => statuses.length).toBeGreaterThanOrEqual(target);
    },
    stop: async () => {
      holding.stop = true;
      await running;
      return statuses;
    },
  };
}

describe("a partner's launch credential rotating while its backend calls", () => {
  it('is rotated on the schedule, fetched by the partner and followed, with no call refused; the old one retires after the overlap', async () => {
    const partner = backend(first);
    await partner.calls(3);
    const nothingYet = await call(first, '/partner/v1/credentials/next', once());
    expect([nothingYet.status, nothingYet.body.error.code]).toEqual([404, 'NOT_FOUND']);

    // Secrets Manager rotates the credential's secret: the rotation function's four steps, calls answered between them.
    await local.rotate(credentialSecretName(PARTNER, first.keyId), rotator, () => partner.calls(2));
    const successor = (await credentials()).find((credential) => credential.successorOf === first.keyId)!;
    expect(successor).toMatchObject({ issuedBy: 'rotation', revokedAt: null, retiresAt: null });
    await partner.calls(2);

    // The partner's backend fetches its successor, signed with the credential it replaces, and signs with it from now.
    const at = Date.now() + ahead;
    const body = once();
    const fetched = await partnerCall(api, first, '/partner/v1/credentials/next', body, at);
    // Its signature answers once: sent again, on this route or on the wallet secret's, nothing.
    for (const path of ['/partner/v1/credentials/next', '/partner/v1/wallet-secret/next']) {
      const replayed = await partnerCall(api, first, path, body, at);
      expect([replayed.status, replayed.body.error], path).toEqual([
        401,
        expect.objectContaining({ code: 'UNAUTHENTICATED', message: 'This signature was used already: sign each call anew.' }),
      ]);
    }
    expect(fetched).toEqual({
      status: 200,
      body: { keyId: successor.keyId, secret: expect.stringMatching(/^[0-9a-f]{64}$/), issuedAt: expect.any(String) },
    });
    const second: PartnerSigner = { partner: PARTNER, keyId: fetched.body.keyId, secret: fetched.body.secret };
    partner.switchTo(second);
    await partner.calls(3);
    const statuses = await partner.stop();
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // Its first call signed with the successor started the old one's overlap: still taken until it ends, then refused.
    const retiring = (await credentials()).find((credential) => credential.keyId === first.keyId)!;
    expect(retiring).toMatchObject({ revokedAt: null, retiresAt: expect.any(String) });
    expect((await launch(first)).status).toBe(200);
    // A second scheduled rotation finds two in force: it issues nothing.
    await local.rotate(credentialSecretName(PARTNER, second.keyId), rotator);
    expect(await credentials()).toHaveLength(2);

    ahead += OVERLAP_MS;
    const refused = await launch(first);
    expect([refused.status, refused.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await credentials()).find((credential) => credential.keyId === first.keyId)).toMatchObject({
      revokedAt: retiring.retiresAt,
      revokedBy: 'rotation',
    });
    expect((await launch(second)).status).toBe(200);
  });

  it('is rotated by an operator: the successor answered once, the old one retiring once the partner signs with it; never three in force', async () => {
    const [inForce] = (await credentials()).filter((credential) => !credential.revokedAt);
    const rotated = (await api.data(OPERATOR, ROTATE, { partner: PARTNER })).rotatePartnerCredential.credential;
    expect(rotated).toEqual({ keyId: expect.any(String), secret: expect.stringMatching(/^[0-9a-f]{64}$/), successorOf: inForce!.keyId });
    // Two in force: a third is refused, and the successor is not answered twice.
    expect((await api.graphql(OPERATOR, ISSUE_CREDENTIAL, { partner: PARTNER })).data!.issuePartnerCredential.userErrors).toEqual([
      expect.objectContaining({ code: 'BAD_USER_INPUT' }),
    ]);
    expect((await api.graphql(OPERATOR, ROTATE, { partner: PARTNER })).data!.rotatePartnerCredential.userErrors).toEqual([
      expect.objectContaining({ code: 'BAD_USER_INPUT', field: ['input', 'partner'] }),
    ]);
    // The partner's backend still signs with the old one meanwhile: taken, and nothing retires yet.
    const old: PartnerSigner = {
      partner: PARTNER,
      keyId: inForce!.keyId,
      secret: (await api.deps.walletSecrets!.get(credentialSecretName(PARTNER, inForce!.keyId)))!,
    };
    expect((await launch(old)).status).toBe(200);
    expect((await credentials()).find((credential) => credential.keyId === old.keyId)!.retiresAt).toBeNull();
    // An operator's successor is theirs to hand over: the old credential (leaked, maybe) cannot fetch it.
    const fetchedByOld = await call(old, '/partner/v1/credentials/next', once());
    expect([fetchedByOld.status, fetchedByOld.body.error.code]).toEqual([404, 'NOT_FOUND']);

    const next: PartnerSigner = { partner: PARTNER, keyId: rotated.keyId, secret: rotated.secret };
    expect((await launch(next)).status).toBe(200);
    expect((await launch(old)).status).toBe(200);
    ahead += OVERLAP_MS;
    expect((await launch(old)).status).toBe(401);
    expect((await launch(next)).status).toBe(200);
  });

  it("is the house operators' alone, and refused for a partner with no credential in force", async () => {
    expect(refusalOf(await api.graphql({ id: 'op', roles: ['operator'], partner: PARTNER }, ROTATE, { partner: PARTNER }))?.code).toBe(
      'FORBIDDEN',
    );
    expect((await api.graphql(OPERATOR, ROTATE, { partner: 'no-credential-co' })).data!.rotatePartnerCredential.userErrors).toEqual([
      expect.objectContaining({ code: 'NOT_FOUND', field: ['input', 'partner'] }),
    ]);
  });
});

describe("the house's player token keys", () => {
  it('move on through the same rotation function: the next key signs, the last is still published', async () => {
    const jwks = async () => ((await (await fetch(`${api.url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }).keys;
    const before = (await jwks()).map((key) => key.kid);
    await local.rotate(PLAYER_TOKEN_KEY_NAME, rotator);
    // Each process reads the keys again within minutes; this one, from the store.
    const kept = JSON.parse((await api.deps.walletSecrets!.get(PLAYER_TOKEN_KEY_NAME))!) as Record<string, { kid: string }>;
    expect([kept.current!.kid, kept.previous!.kid]).toEqual([before[1], before[0]]);
    expect(kept.next!.kid).not.toBe(before[0]);
  });
});
