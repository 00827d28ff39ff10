import { createHash, randomBytes } from 'node:crypto';
import type { OperatorRole } from '@oripa/contract/admin';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../db/client.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { ADMIN_COOKIE, IDLE_MS } from './admin-session.ts';
import { CLI_ACTOR } from '../audit/audit.service.ts';
import { insertSession, updateOperator } from './operators.repo.ts';
import { createOperator } from './operators.service.ts';
import { newTotpSecret } from './totp.ts';

let sequence = 0;

/** Tests only: an operator who has set a password and enrolled TOTP (secret returned). */
export async function createTestOperator(db: Db, role: OperatorRole, mail = `op${Date.now().toString(36)}${++sequence}@example.com`) {
  const { operator, password } = await createOperator(db, { mail, name: `${role} ${sequence}`, role }, CLI_ACTOR);
  const totpSecret = newTotpSecret();
  await updateOperator(db, operator.id, { mustChangePassword: false, totpSecret });
  return { id: operator.id, mail, password, totpSecret };
}

/** Tests only: gives `client` a console session of `operatorId` at `step` (default: signed in). */
export async function signInOperator(db: Db, client: TestClient, operatorId: number, step = 'done'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const key = createHash('sha256').update(token).digest('base64url');
  const now = Date.now();
  await insertSession(db, { id: key, operatorId, step, expiresAt: new Date(now + IDLE_MS), endsAt: new Date(now + 12 * 3_600_000) });
  client.cookies.set(ADMIN_COOKIE, token);
  // The answer's csrf token is bound to the console session, as a browser's would be.
  await client.get('/admin/me');
  return key;
}

/** Tests only: a signed-in console client for each role, for tests of a console domain. */
export async function consoleClients(shop: TestShop): Promise<Record<OperatorRole, TestClient>> {
  const db = shop.database.db;
  const signedIn = async (role: OperatorRole) => {
    const client = shop.client();
    await signInOperator(db, client, (await createTestOperator(db, role)).id);
    return client;
  };
  return { owner: await signedIn('owner'), staff: await signedIn('staff'), support: await signedIn('support') };
}

/** Tests only: a client of `shop` signed in as a new operator of `role`. */
export async function operatorClient(shop: { database: { db: Db }; client(): TestClient }, role: OperatorRole): Promise<TestClient> {
  const client = shop.client();
  await signInOperator(shop.database.db, client, (await createTestOperator(shop.database.db, role)).id);
  return client;
}

/** A console test file's shop: `shop`, `db()` and a signed-in client per requested role, set in beforeAll. */
export type ConsoleTestShop<R extends OperatorRole> = { shop: TestShop; db(): Db } & Record<R, TestClient>;

/**
 * Tests only: registers the file's hooks — open a test shop and sign in one operator of each of `roles`
 * (in that order) before all tests, close the shop after — and hands back what they set up.
 */
export function useConsoleShop<R extends OperatorRole>(...roles: R[]): ConsoleTestShop<R> {
  const setUp = { db: () => setUp.shop.database.db } as ConsoleTestShop<R>;
  beforeAll(async () => {
    setUp.shop = await openTestShop();
    for (const role of roles) (setUp as Record<R, TestClient>)[role] = await operatorClient(setUp.shop, role);
  });
  afterAll(async () => {
    await setUp.shop?.close();
  });
  return setUp;
}

/**
 * Tests only: a maker of console browsers of `setUp.shop`, each from an address of its own under
 * `net` (so no test's failures or refusals throttle another's), having asked /admin/me once.
 */
export function browsersFrom(setUp: { shop: TestShop }, net: string): () => Promise<TestClient> {
  let sequence = 0;
  return async () => {
    const client = setUp.shop.client();
    client.remoteAddress = `${net}.${Math.floor(sequence / 250)}.${(sequence++ % 250) + 1}`;
    await client.get('/admin/me');
    return client;
  };
}
