import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestCourse } from './payments.ts';
import { openTestShop, type TestShop } from './test-app.ts';

/** The shop address the wallet stand-ins send buyers back to (tests read its path). */
export const TEST_PUBLIC_URL = 'https://shop.example';

/**
 * Tests only: a stand-in provider started before the file's tests, its environment set for the
 * adapter, and a test shop routing `providers` (e.g. '3:amazonpay') with one point course.
 */
export function useWalletShop<T extends { env(publicUrl: string): Record<string, string>; close(): Promise<void> }>(
  start: () => Promise<T>,
  providers: string,
  course = { point: 2000, price: 2200 },
): { shop: TestShop; courseId: number; standIn: T } {
  const setUp = {} as { shop: TestShop; courseId: number; standIn: T };
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    setUp.standIn = await start();
    for (const [name, value] of Object.entries(setUp.standIn.env(TEST_PUBLIC_URL))) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    setUp.shop = await openTestShop({ PAYMENT_PROVIDERS: `${providers},*:sandbox` });
    setUp.courseId = await createTestCourse(setUp.shop.database.db, course);
  });
  afterAll(async () => {
    // The stand-in first: on PostgreSQL the shop's close otherwise waits on a provider call still open.
    await setUp.standIn?.close();
    await setUp.shop?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  return setUp;
}

/** Posts a provider notification as the provider does (raw body, its content type and headers). */
export function postNotification(app: FastifyInstance, provider: string, body: string | object, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const text = typeof body === 'string';
  return app.inject({
    method: 'POST',
    url: `/api/payment/notify/${provider}`,
    headers: { 'content-type': text ? 'text/plain; charset=UTF-8' : 'application/json', ...headers },
    payload: text ? body : JSON.stringify(body),
  });
}
