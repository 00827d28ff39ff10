import { RARITY_LABELS } from '@oripa/contract/catalog';
import {
  DRAW_ALGORITHM,
  DRAW_LOG_PAGE_SIZE,
  RECENT_WINS_SIZE,
  type DrawLog,
  type PackTrust,
  type RecentWin,
  type SharedWin,
} from '@oripa/contract/trust';
import type { Lang } from '@oripa/contract/states';
import { pageInfo } from '@oripa/contract/wire';
import type { DbOrTx } from '../../db/client.ts';
import { buyerTag, type Fairness } from '../transparency/fairness.ts';
import { lotEntries, newestHead } from '../transparency/log.service.ts';
import { drawState } from './drawer.repo.ts';
import { AppError } from '../../kernel/errors.ts';
import { publishedLot, revealReason, type LotPrizeRow } from '../catalog/lot.service.ts';
import { inLang } from '../../kernel/language.ts';
import { winsMinRarity } from '../settings/settings.service.ts';
import * as repo from './draw-log.repo.ts';
import { awardNumbers, awardsUpTo, type ExtraRule } from '../catalog/extra-prizes.ts';
import { drawnByPrize, lotOdds } from './lot-odds.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A lot's public commitment (lineup with counts, seed hash, commitment time; the seed itself
 * once the lot sold out or its sale ended) and its live odds, read fresh on every call.
 */
export async function packTrust(db: DbOrTx, fairness: Fairness, packId: number, now: Date, lang: Lang = 'ja'): Promise<PackTrust> {
  const { lot, lineup: all } = await publishedLot(db, packId);
  const v2 = lot.drawAlgorithm === V2;
  const reason = v2 ? '' : revealReason(lot, now);
  const lineup = all.filter((p) => p.kind === 'lot');
  const odds = lineup.map((p) => ({ id: p.id, count: p.count, rarity: p.rarity, buyPoint: p.buyPoint }));
  return {
    commitment: {
      pack_id: lot.id,
      pack_name: inLang(lot.name, lot.nameEn, lang),
      algorithm: v2 ? V2 : DRAW_ALGORITHM,
      seed_hash: lot.seedHash,
      committed_at: lot.committedAt.toISOString(),
      total_pack_count: lot.totalPackCount,
      drawn_count: lot.drawnCount,
      lineup: lineup.map((p) => ({
        prize_id: p.id,
        name: inLang(p.name, p.nameEn, lang),
        image_url: p.imageUrl,
        model_number: p.modelNumber,
        rarity: p.rarity,
        rarity_label: RARITY_LABELS[p.rarity] ?? '',
        count: p.count,
        buy_point: p.buyPoint,
      })),
      extras: all.flatMap((p) => {
        const rule = extraRuleOf(p);
        if (!rule) return [];
        const count = awardsUpTo(rule, lot.totalPackCount, lot.totalPackCount);
        return [
          {
            prize_id: p.id,
            kind: rule.kind,
            name: inLang(p.name, p.nameEn, lang),
            image_url: p.imageUrl,
            model_number: p.modelNumber,
            rarity: p.rarity,
            rarity_label: RARITY_LABELS[p.rarity] ?? '',
            buy_point: p.buyPoint,
            milestone_at: rule.at,
            milestone_every: rule.every,
            count,
            remaining: count - awardsUpTo(rule, lot.totalPackCount, lot.drawnCount),
          },
        ];
      }),
      seed: reason === '' ? '' : lot.seedSecret,
      reveal_reason: reason,
    },
    // v2: what remains after the drawn purchases (packs reserved but not yet drawn are still open).
    odds: lotOdds(odds, v2 ? await drawnSoFar(db, lot.id, odds) : drawnByPrize(lot.id, lot.seedSecret, odds, lot.drawnCount)),
    ...(v2 ? { fairness: await v2Fairness(db, fairness, lot) } : {}),
  };
}

const V2 = 'oripa-draw-v2' as const;

async function drawnSoFar(db: DbOrTx, lotId: number, lineup: readonly { id: number; count: number }[]): Promise<Map<number, number>> {
  const remaining = (await drawState(db, lotId))?.remaining ?? lineup.map((p) => p.count);
  return new Map(lineup.map((p, i) => [p.id, p.count - (remaining[i] ?? p.count)]));
}

/** The trust panel's v2 facts: commitment hash, beacon, newest signed head, deadline, revealed seed. */
async function v2Fairness(db: DbOrTx, fairness: Fairness, lot: { id: number; commitmentHash: string | null; revealDeadline: Date | null }) {
  const head = await newestHead(db, fairness.signer);
  const [reveal] = await lotEntries(db, lot.id, 'reveal');
  const [commitment] = await lotEntries(db, lot.id, 'commitment');
  const beacon = commitment ? (JSON.parse(commitment.body) as { document: { beacon: { chain_hash: string; independent: boolean } } }).document.beacon : undefined;
  return {
    algorithm: V2,
    commitment_hash: lot.commitmentHash ?? '',
    beacon: { chain_hash: beacon?.chain_hash ?? '', independent: beacon?.independent ?? false },
    log_head: head ? { tree_size: head.tree_size, root_hash: head.root_hash, timestamp: head.timestamp } : null,
    reveal_deadline: lot.revealDeadline?.toISOString() ?? '',
    // Only once the reveal entry is in a signed head.
    seed: reveal && reveal.leaf_index !== null ? (JSON.parse(reveal.body) as { seed: string }).seed : '',
  };
}

/** A prize's last-one or milestone rule, or undefined for a lot prize. */
function extraRuleOf(p: LotPrizeRow): ExtraRule | undefined {
  if (p.kind !== 'last_one' && p.kind !== 'milestone') return undefined;
  return { id: p.id, kind: p.kind, at: p.milestoneAt, every: p.milestoneEvery };
}

/**
 * The pack number of each stored card: a lot card's from its place in its purchase; an extra
 * card's from its rule over the purchase's range (its k-th card of a prize takes the k-th number
 * the rule gives there; a card beyond them, which the batch never records, is shown at the
 * purchase's last pack so a verifier reports it).
 */
function numberDraws(rows: readonly repo.StoredDraw[], rules: ReadonlyMap<number, ExtraRule>, total: number) {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    if (r.kind === 'lot') return { row: r, number: r.draw_from + r.ord + 1 };
    const key = `${r.draw_from}:${r.prize_id}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const rule = rules.get(r.prize_id);
    const numbers = rule ? awardNumbers(rule, total, r.draw_from, r.count) : [];
    return { row: r, number: numbers[k] ?? r.draw_from + r.count };
  });
}

/** One page of a lot's draws, DRAW_LOG_PAGE_SIZE pack numbers a page, in draw order. */
export async function drawLog(db: DbOrTx, tagKey: Buffer, packId: number, page: number, lang: Lang = 'ja'): Promise<DrawLog> {
  const { lot, lineup } = await publishedLot(db, packId);
  const rules = new Map(
    lineup.flatMap((p) => (extraRuleOf(p) ? [[p.id, extraRuleOf(p) as ExtraRule] as const] : [])),
  );
  const from = (page - 1) * DRAW_LOG_PAGE_SIZE;
  const to = from + DRAW_LOG_PAGE_SIZE;
  const rows = await repo.drawsInRange(db, lot.id, from, to);
  const numbered = numberDraws(rows, rules, lot.totalPackCount)
    .filter((d) => d.number > from && d.number <= to)
    .sort((a, b) => a.number - b.number || Number(a.row.kind !== 'lot') - Number(b.row.kind !== 'lot'));
  return {
    list: numbered.map(({ row: r, number }) => ({
      draw_number: number,
      created: iso(r.created_at),
      kind: r.kind,
      prize_id: r.prize_id,
      name: inLang(r.name, r.name_en, lang),
      image_url: r.image_url,
      rarity: r.rarity,
      rarity_label: RARITY_LABELS[r.rarity] ?? '',
      member: publicBuyer(tagKey, lot.id, r),
    })),
    page: pageInfo(page, lot.drawnCount, DRAW_LOG_PAGE_SIZE),
  };
}

/** The latest wins at or above the operator's rarity threshold, of one lot or of every lot. */
export async function recentWins(
  db: DbOrTx,
  tagKey: Buffer,
  packId: number | null,
  lang: Lang = 'ja',
): Promise<{ min_rarity: number; list: RecentWin[] }> {
  if (packId !== null) await publishedLot(db, packId);
  const min = await winsMinRarity(db);
  const rows = await repo.latestWins(db, min, packId, RECENT_WINS_SIZE);
  return {
    min_rarity: min,
    list: rows.map((r) => ({
      pack_id: r.pack_id,
      pack_name: inLang(r.pack_name, r.pack_name_en, lang),
      kind: r.kind,
      name: inLang(r.name, r.name_en, lang),
      image_url: r.image_url,
      rarity: r.rarity,
      rarity_label: RARITY_LABELS[r.rarity] ?? '',
      member: publicBuyer(tagKey, r.pack_id, r),
      created: iso(r.created_at),
    })),
  };
}

/**
 * A buyer as public views show them (decision 027): their per-lot pseudonym (the log's buyer
 * tag), never a name or initial; nobody can link one member's tags across lots.
 */
function publicBuyer(tagKey: Buffer, lotId: number, row: { user_id: number; buyer_tag: string | null }): string {
  return row.buyer_tag ?? buyerTag(tagKey, lotId, row.user_id);
}

/**
 * The share page of a purchase's code (the result's twitter_code, a random code of the
 * purchase's, not a card id): its best card and pack only, never who won it.
 */
export async function sharedWin(db: DbOrTx, code: string, lang: Lang = 'ja'): Promise<SharedWin> {
  const row = await repo.wonCard(db, code);
  if (!row) throw AppError.field('code', 'common.not_found');
  return {
    card: {
      pack_id: row.pack_id,
      pack_name: inLang(row.pack_name, row.pack_name_en, lang),
      name: inLang(row.name, row.name_en, lang),
      image_url: row.image_url,
      rarity: row.rarity,
      rarity_label: RARITY_LABELS[row.rarity] ?? '',
      created: iso(row.created_at),
    },
  };
}
