import { describe, expect, it } from 'vitest';
import { describeReport } from '../src/report.js';
import { verifyLot } from '../src/verify-lot.js';
import quicknetRounds from './fixtures/quicknet-rounds.json' with { type: 'json' };
import { buildSoldOutLot, IMAGES, LOT_ID, localBeacon, type Tamper } from './support/sold-out-lot.ts';

type Mirror = ReturnType<typeof buildSoldOutLot>['mirror'];
const clone = (m: Mirror): Mirror => JSON.parse(JSON.stringify(m)) as Mirror;

// BLS pairings take tens of milliseconds each; a lot is rebuilt and verified per case.
describe.each(['local', 'quicknet'] as const)('verifyLot on a sold-out lot drawn with the %s beacon', { timeout: 60_000 }, (beacon) => {
  const local = beacon === 'local' ? localBeacon(1_796_000_000 - 3600) : undefined;
  const build = (tamper?: Tamper) => buildSoldOutLot({ beacon, tamper: tamper ?? {}, ...(local ? { local } : {}) });
  const honest = build();

  it('passes the untouched mirror, with an earlier head and a receipt, and recomputes every pack', () => {
    const report = verifyLot(honest.mirror, LOT_ID, { earlierHead: honest.log.heads[2], receipt: honest.receipts[1] });
    expect(report.failure).toBeNull();
    expect(report).toMatchObject({ ok: true, revealed: true, sold_out: true, packs_sold: 8, total: 8, purchases: 3, draws_checked: 3, earlier_head_checked: true, images_checked: 2 });
    expect(report.beacon?.independent).toBe(beacon === 'quicknet');
    expect(report.packs.map((p) => p.pack)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(report.packs.find((p) => p.pack === 8)?.extras).toEqual([3, 4]);
    expect(report.receipt).toMatchObject({ seq: 2, first_pack: 3, count: 3 });
    expect(describeReport(report)).toMatch(/^consistent/);
  });

  it('names a changed card at its pack, even when the shop signed the changed log', () => {
    const tampered = build({ prizes: (seq, prizes) => (seq === 2 ? [prizes[0]!, prizes[1] === 1 ? 3 : 1, prizes[2]!] : prizes) });
    const report = verifyLot(tampered.mirror, LOT_ID);
    expect(report.failure).toMatchObject({ kind: 'card_changed', pack: 4, seq: 2 });
    expect(describeReport(report)).toContain('card changed at pack 4');
  });

  it('refuses a card edited in the mirror without the log key (the signed root no longer matches)', () => {
    const edited = clone(honest.mirror);
    const draw = edited.entries.find((e) => e.entry.type === 'draw')!.entry as unknown as { prizes: number[] };
    draw.prizes[0] = draw.prizes[0] === 1 ? 2 : 1;
    expect(verifyLot(edited, LOT_ID).failure?.kind).toBe('head_mismatch');
  });

  it('names a changed image, in the mirror or given by the member', () => {
    const swapped = clone(honest.mirror);
    const topHash = honest.document.lineup[0]!.image_sha256 as string;
    swapped.images[topHash] = Buffer.from('a different picture').toString('base64');
    expect(verifyLot(swapped, LOT_ID).failure).toMatchObject({ kind: 'image_changed' });
    const given = verifyLot(honest.mirror, LOT_ID, { images: { [topHash]: new Uint8Array(Buffer.from('other bytes')) } });
    expect(given.failure?.kind).toBe('image_changed');
    expect(verifyLot(honest.mirror, LOT_ID, { images: { [topHash]: new Uint8Array(IMAGES.top) } }).ok).toBe(true);
  });

  it('catches a lot rewritten from scratch (new seed, every card redrawn, re-signed) only against an earlier head', () => {
    const rewritten = buildSoldOutLot({ beacon, keyOf: honest.log, ...(local ? { local } : {}) });
    expect(rewritten.log.publicKey).toBe(honest.log.publicKey);
    expect(verifyLot(rewritten.mirror, LOT_ID).ok).toBe(true);
    const report = verifyLot(rewritten.mirror, LOT_ID, { earlierHead: honest.log.heads[2] });
    expect(report.failure?.kind).toBe('history_rewritten');
    expect(verifyLot(rewritten.mirror, LOT_ID, { receipt: honest.receipts[0] }).failure?.kind).toMatch(/missing_purchase|history_rewritten/);
  });

  it('names a forged beacon round', () => {
    const forged = build({ signature: (seq, _round, sig) => (seq === 3 ? forgedFor(sig) : sig) });
    expect(verifyLot(forged.mirror, LOT_ID).failure).toMatchObject({ kind: 'forged_beacon_round', seq: 3 });
    const moved = build({ signature: (seq, _round, sig) => (seq === 2 ? otherRoundSignature(beacon, local) : sig) });
    expect(verifyLot(moved.mirror, LOT_ID).failure).toMatchObject({ kind: 'forged_beacon_round', seq: 2 });
  });

  it("names a missing purchase, from the log alone and from a member's receipt", () => {
    const dropped = build({ dropPurchaseSeq: 2 });
    expect(verifyLot(dropped.mirror, LOT_ID).failure).toMatchObject({ kind: 'missing_purchase', seq: 2 });
    const report = verifyLot(dropped.mirror, LOT_ID, { receipt: honest.receipts[1] });
    expect(report.failure?.kind).toMatch(/missing_purchase|history_rewritten/);
  });

  it('names a round other than the first after the purchase was signed (a shop picking its round)', () => {
    const genuineOther = (seq: number) =>
      beacon === 'quicknet'
        ? { round: quicknetRounds.rounds[0]!.round, signature: quicknetRounds.rounds[0]!.signature }
        : { round: 5 + seq, signature: local!.sign(5 + seq) };
    const picked = build({ round: (seq) => (seq === 2 ? genuineOther(seq) : null) });
    expect(verifyLot(picked.mirror, LOT_ID).failure).toMatchObject({ kind: 'wrong_beacon_round', seq: 2 });
  });

  it('names a revealed seed that is not the committed one, a sold-out lot never revealed, and a late commitment', () => {
    expect(verifyLot(build({ revealSeed: Buffer.alloc(32, 7) }).mirror, LOT_ID).failure?.kind).toBe('seed_mismatch');
    expect(verifyLot(build({ noReveal: true }).mirror, LOT_ID).failure?.kind).toBe('not_revealed');
    expect(verifyLot(build({ lateCommitment: true }).mirror, LOT_ID).failure?.kind).toBe('commitment_late');
  });

  it('checks the beacon rounds of a lot not yet revealed and says the cards wait for the seed', () => {
    // The log as it stood at the third signed head: two purchases recorded, the first drawn.
    const open = clone(honest.mirror);
    open.heads = honest.log.heads.slice(0, 3);
    open.entries = open.entries.slice(0, honest.log.heads[2]!.tree_size);
    const report = verifyLot(open, LOT_ID);
    expect(report.failure).toBeNull();
    expect(report).toMatchObject({ ok: true, revealed: false, sold_out: false, purchases: 2, draws_checked: 1 });
    expect(describeReport(report)).toContain('not revealed yet');
  });

  it('refuses a mirror that is not one, without throwing', () => {
    expect(verifyLot({ format: 'x' }, LOT_ID).failure?.kind).toBe('malformed_mirror');
    expect(verifyLot(null, LOT_ID).failure?.kind).toBe('malformed_mirror');
    expect(verifyLot(honest.mirror, 999).failure?.kind).toBe('no_commitment');
  });
});

/** A valid-looking G1 point that is not the beacon's signature of the round. */
function forgedFor(signature: string): string {
  const local = localBeacon(1);
  return local.sign(1) === signature ? local.sign(2) : local.sign(1);
}

function otherRoundSignature(beacon: 'local' | 'quicknet', local?: ReturnType<typeof localBeacon>): string {
  return beacon === 'quicknet' ? quicknetRounds.rounds[0]!.signature : local!.sign(5);
}
