import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { useTestDatabase } from '../../testing/test-database.ts';
import { LogSigner, verifyHead } from './log-signer.ts';
import { appendEntries, entriesBetween, entryOf, inclusionProof, signHeadIfGrown } from './log.service.ts';
import { leafHash, verifyInclusion } from './merkle.ts';
import { jcs } from '../../kernel/jcs.ts';

const database = useTestDatabase();

describe('transparency log sequencing', () => {
  it('gives leaf indexes in the order entries were appended, past 9 → 10 and 99 → 100', async () => {
    const { db } = database();
    const signer = new LogSigner(randomBytes(32));
    // 120 entries, each in its own transaction, signed by a handful of heads: each head
    // sequences a batch whose ids cross a decimal length (ids sorted as text would not).
    for (let n = 1; n <= 120; n += 1) {
      await db.transaction((tx) => appendEntries(tx, [entryOf('purchase', 1, n, { type: 'purchase', lot_id: 1, seq: n })]));
      if (n === 7 || n === 95) await signHeadIfGrown(db, signer);
    }
    const head = await signHeadIfGrown(db, signer);
    if (!head) throw new Error('no head signed');
    expect(head.tree_size).toBe(120);
    expect(verifyHead(signer.publicKey, head)).toBe(true);

    const rows = await queryRows<{ id: number; leaf_index: number; seq: number }>(
      db,
      sql`select id::int, leaf_index::int, seq from transparency_entries order by leaf_index`,
    );
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
    const entries = await entriesBetween(db, 0, 120);
    expect(entries.map((e) => (e.entry as { seq: number }).seq)).toEqual(rows.map((r) => r.seq));

    // Every leaf's inclusion proof (asked for at once) verifies against the head.
    const proofs = await Promise.all(entries.map((e) => inclusionProof(db, e.index, 120)));
    for (const [i, proof] of proofs.entries()) {
      const leaf = leafHash(Buffer.from(jcs(entries[i]?.entry as never), 'utf8'));
      expect(verifyInclusion(i, 120, leaf, (proof ?? []).map((h) => Buffer.from(h, 'hex')), Buffer.from(head.root_hash, 'hex'))).toBe(true);
    }
  });
});
