import { LINEUP_COLUMNS, LINEUP_REQUIRED_COLUMNS, type LineupColumn, type LineupPrize } from '@oripa/contract/admin-catalog-scale';
import { MAX_LINEUP, PRIZE_KINDS, prizeTermsSchema } from '@oripa/contract/admin-catalog';
import { ACTION_TYPE, PAYMENT_METHOD } from '@oripa/contract/constants';
import { intField } from '@oripa/contract/fields';
import { isMessageCode, message, type MessageCode, type MessageParams } from '@oripa/contract/messages';
import type { Lang } from '@oripa/contract/states';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { csvFile, unguardedCell, type CsvEncoding } from '../../lib/csv-file.ts';

/**
 * The lineup file (decision 050): one row per prize, the columns of LINEUP_COLUMNS found by the
 * header's names. Written with lib/csv-file.ts (quoted text, bare numbers, CRLF, UTF-8 with a BOM
 * or Shift_JIS); read line by line like the carrier's tracking file: every bad line is answered
 * with its number and reason, and nothing is taken when one is bad.
 */

/** At most this many milestone prizes a lot (the pack file's limit). */
const MAX_MILESTONES = 20;

export interface LineError {
  line: number;
  reason: string;
}

/** The prizes in file order with the line each was read from, or every problem. */
export type ParsedLineup = { ok: true; lineup: LineupPrize[]; lines: number[] } | { ok: false; errors: LineError[] };

/** A stored prize as the export writes it. */
export interface ExportedPrize {
  kind: string;
  rarity: number;
  name: string;
  nameEn: string;
  count: number;
  buyPoint: number;
  costYen: number | null;
  imageUrl: string;
  modelNumber: string;
  num: number;
  actionType: string;
  milestoneAt: number;
  milestoneEvery: number;
}

/** A lineup as a file: lot prizes with their counts, last-one and milestone prizes with count 0. */
export function lineupFile(prizes: readonly ExportedPrize[], encoding: CsvEncoding): Buffer {
  const rows = prizes.map((p) => [
    p.kind,
    p.rarity,
    p.name,
    p.nameEn,
    p.kind === 'lot' ? p.count : 0,
    p.buyPoint,
    p.costYen ?? '',
    p.imageUrl,
    p.modelNumber,
    p.num,
    p.actionType,
    p.milestoneAt,
    p.milestoneEvery,
  ]);
  return csvFile(LINEUP_COLUMNS, rows, encoding);
}

type Record_ = { record: string[]; info: { lines: number } };

const countField = intField({ min: 1, max: 1_000_000 });
const atField = intField({ min: 1, max: 1_000_000 });
const everyField = intField({ min: 0, max: 1_000_000 });

/** Messages of a zod failure as "column: reason" in the operator's language. */
function issueReasons(error: z.ZodError, column: (path: PropertyKey | undefined) => string, lang: Lang): string[] {
  return error.issues.map((issue) => {
    const code = isMessageCode(issue.message) ? issue.message : 'common.invalid';
    const params: MessageParams = 'maximum' in issue && typeof issue.maximum === 'number' ? { max: issue.maximum } : {};
    return message('catalog_admin.line_field', lang, { column: column(issue.path[0]), reason: message(code, lang, params) });
  });
}

/**
 * Reads a lineup file's text for a draft of `paymentMethod`: the prizes in file order, or every
 * problem with its line number (the header is line 1) in `lang`.
 */
export function parseLineupFile(text: string, paymentMethod: string, lang: Lang): ParsedLineup {
  let records: Record_[];
  try {
    records = parse(text, { info: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as unknown as Record_[];
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 1;
    return { ok: false, errors: [{ line, reason: message('catalog_admin.line_csv', lang) }] };
  }
  const [header, ...rows] = records;
  if (!header) return { ok: true, lineup: [], lines: [] };
  const names = header.record.map((c) => unguardedCell(c).trim().toLowerCase());
  const missing = LINEUP_REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) return { ok: false, errors: [{ line: header.info.lines, reason: message('catalog_admin.line_header', lang, { columns: missing.join(', ') }) }] };
  const at = (column: LineupColumn) => names.indexOf(column);

  const errors: LineError[] = [];
  const fail = (line: number, code: MessageCode, params?: MessageParams) => errors.push({ line, reason: message(code, lang, params) });
  const read: { line: number; prize: LineupPrize }[] = [];
  for (const { record, info } of rows) {
    if (record.every((c) => c === '')) continue;
    const cell = (column: LineupColumn) => (at(column) < 0 ? '' : unguardedCell(record[at(column)] ?? ''));
    const line = info.lines;
    const kind = cell('kind') || 'lot';
    if (!(PRIZE_KINDS as readonly string[]).includes(kind)) {
      fail(line, 'catalog_admin.line_kind', { value: kind.slice(0, 20) });
      continue;
    }
    const optional = (column: LineupColumn, fallback: string) => cell(column) || fallback;
    const terms = prizeTermsSchema.safeParse({
      name: cell('name'),
      name_en: cell('name_en'),
      rarity: cell('rarity'),
      buy_point: cell('buy_point'),
      cost_yen: cell('cost_yen'),
      model_number: cell('model_number'),
      num: optional('num', '1'),
      action_type: optional('action_type', ACTION_TYPE.choose),
      ...(cell('image') ? { image: cell('image') } : {}),
    });
    const problems = terms.success ? [] : issueReasons(terms.error, (p) => String(p ?? 'name'), lang);
    const count = kind === 'lot' ? countField.safeParse(cell('count')) : undefined;
    if (count && !count.success) problems.push(...issueReasons(count.error, () => 'count', lang));
    const first = kind === 'milestone' ? atField.safeParse(cell('at')) : undefined;
    if (first && !first.success) problems.push(...issueReasons(first.error, () => 'at', lang));
    const every = kind === 'milestone' ? everyField.safeParse(optional('every', '0')) : undefined;
    if (every && !every.success) problems.push(...issueReasons(every.error, () => 'every', lang));
    for (const reason of problems) errors.push({ line, reason });
    if (!terms.success || problems.length > 0) continue;
    if (paymentMethod === PAYMENT_METHOD.coins && terms.data.action_type !== ACTION_TYPE.shipOnly) {
      fail(line, 'catalog_admin.line_coin_ship_only');
      continue;
    }
    read.push({
      line,
      prize: {
        kind: kind as LineupPrize['kind'],
        name: terms.data.name,
        name_en: terms.data.name_en,
        rarity: terms.data.rarity,
        count: count?.data ?? 0,
        buy_point: terms.data.buy_point,
        cost_yen: terms.data.cost_yen,
        image: terms.data.image ?? '',
        model_number: terms.data.model_number,
        num: terms.data.num,
        action_type: terms.data.action_type,
        at: first?.data ?? 0,
        every: every?.data ?? 0,
      },
    });
  }
  errors.push(...lotProblems(read, lang));
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, lineup: read.map((r) => r.prize), lines: read.map((r) => r.line) };
}

/** What only the whole lot shows: how many prizes of each kind, milestones within the lot. */
function lotProblems(read: readonly { line: number; prize: LineupPrize }[], lang: Lang): LineError[] {
  const errors: LineError[] = [];
  const total = read.reduce((sum, r) => sum + r.prize.count, 0);
  const seen = { lot: 0, last_one: 0, milestone: 0 };
  const limits = { lot: MAX_LINEUP, last_one: 1, milestone: MAX_MILESTONES };
  for (const { line, prize } of read) {
    seen[prize.kind] += 1;
    if (seen[prize.kind] > limits[prize.kind]) {
      const reason = prize.kind === 'last_one' ? message('catalog_admin.line_last_one_twice', lang) : message('catalog_admin.line_too_many', lang, { max: limits[prize.kind] });
      errors.push({ line, reason });
    } else if (prize.kind === 'milestone' && prize.at > total) {
      errors.push({ line, reason: message('catalog_admin.line_milestone_at', lang, { total }) });
    }
  }
  return errors;
}
