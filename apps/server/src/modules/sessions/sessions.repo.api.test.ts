import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions.ts';
import { createTestMember } from '../../testing/members.ts';
import { useTestDatabase } from '../../testing/test-database.ts';
import { findLiveSession } from './sessions.repo.ts';

// Session reads of one event-loop turn share one statement: each caller still gets its own row,
// and only a live one.

const database = useTestDatabase();

describe('session reads sharing a statement', () => {
  it('answers each key its own live row, none for an expired or unknown key', async () => {
    const db = database().db;
    const member = await createTestMember(db);
    const later = new Date(Date.now() + 60_000);
    await db.insert(sessions).values([
      { id: 'live-member', userId: member, data: { packId: 7 }, expiresAt: later },
      { id: 'live-visitor', userId: null, data: {}, expiresAt: later },
      { id: 'expired', userId: member, data: {}, expiresAt: new Date(Date.now() - 1000) },
    ]);
    const [m, v, expired, unknown, again] = await Promise.all(
      ['live-member', 'live-visitor', 'expired', 'unknown', 'live-member'].map((key) => findLiveSession(db, key)),
    );
    expect(m).toEqual({ userId: member, data: { packId: 7 } });
    expect(v).toEqual({ userId: null, data: {} });
    expect(expired).toBeUndefined();
    expect(unknown).toBeUndefined();
    expect(again).toEqual(m);

  });
});
