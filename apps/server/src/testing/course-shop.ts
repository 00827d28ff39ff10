import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/client.ts';
import { createTestCourse } from './payments.ts';
import { openTestShop, type TestShop } from './test-app.ts';

/**
 * Tests only: registers the file's hooks — a test shop with one point course of `course` before
 * all tests, closed after — and hands back the shop and the course's id once they are set.
 */
/** Tests only: registers the file's hooks — a test shop opened before all tests, closed after — and hands back `shop` and `db()`. */
export function useTestShop(): { shop: TestShop; db(): Db } {
  const setUp = { db: () => setUp.shop.database.db } as { shop: TestShop; db(): Db };
  beforeAll(async () => {
    setUp.shop = await openTestShop();
  });
  afterAll(async () => {
    await setUp.shop?.close();
  });
  return setUp;
}

export function useCourseShop(course: { point: number; price: number }): { shop: TestShop; courseId: number } {
  const setUp = {} as { shop: TestShop; courseId: number };
  beforeAll(async () => {
    setUp.shop = await openTestShop();
    setUp.courseId = await createTestCourse(setUp.shop.database.db, course);
  });
  afterAll(async () => {
    await setUp.shop?.close();
  });
  return setUp;
}
