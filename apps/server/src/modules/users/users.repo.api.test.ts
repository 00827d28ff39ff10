import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember } from '../../testing/members.ts';
import { useTestDatabase } from '../../testing/test-database.ts';
import { findSessionMemberHeader } from './users.repo.ts';

// The header's reads (GET /user/point) of one event-loop turn share one statement: each caller
// still gets its own session's member, and only of a live session.

const database = useTestDatabase();

describe('header reads sharing a statement', () => {
  it('answers each key its own live session and member, none for an expired or unknown key', async () => {
    const db = database().db;
    const member = await createTestMember(db);
    await fund(db, member, { points: 120 });
    const later = new Date(Date.now() + 60_000);
    await db.insert(sessions).values([
      { id: 'h-member', userId: member, data: {}, expiresAt: later },
      { id: 'h-visitor', userId: null, data: {}, expiresAt: later },
      { id: 'h-expired', userId: member, data: {}, expiresAt: new Date(Date.now() - 1000) },
    ]);
    const [m, v, expired, unknown] = await Promise.all(
      ['h-member', 'h-visitor', 'h-expired', 'h-unknown'].map((key) => findSessionMemberHeader(db, key)),
    );
    expect(m).toMatchObject({ key: 'h-member', userId: member, pointBalance: 120 });
    expect(v).toMatchObject({ key: 'h-visitor', userId: null, pointBalance: null });
    expect(expired).toBeUndefined();
    expect(unknown).toBeUndefined();
  });
});
