import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { shippingRequests } from '../../db/schema/gacha.ts';
import { createTestShippingRequest, TEST_ADDRESS } from '../../modules/shipping/shipping-testing.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { hostileString } from './hostile-values.ts';

/**
 * The fuzz set's checks of issue 22 (hardening 2), run after the fuzzing: whatever members typed,
 * no cell of a carrier file starts a formula; whatever was asked, operators never read a reset
 * token or an SMS code in the outbox; no suspended member holds a session.
 */

/** What a spreadsheet runs as a formula when a cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Values a probe types to get a formula into a spreadsheet, beside the generated ones. */
export const FORMULA_STRINGS = ["-2+3+cmd|' /C calc'!A0", '\u20102+3', '\u20112+3', '\u22122+3', '＝1+1', '＋1', '－1', '＠SUM(A1)', '=1+1', '\t=1', '\r=1'];

/** Cells of a B2 export of `count` requests addressed with hostile text that start a formula. */
export async function liveFormulaCells(db: Db, owner: TestClient, count: number, seed: number | undefined): Promise<string[]> {
  // As a member's address can hold them: PostgreSQL stores no NUL, nor a lone surrogate in jsonb.
  const storable = (text: string) => text.replaceAll('\u0000', '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  const texts = [...FORMULA_STRINGS, ...fc.sample(hostileString, { numRuns: count, ...(seed === undefined ? {} : { seed }) }).map(storable)];
  const ids: number[] = [];
  for (let i = 0; i < texts.length; i += 3) {
    const [name = '', address = '', building = ''] = texts.slice(i, i + 3);
    const { requestId } = await createTestShippingRequest(db);
    await db.update(shippingRequests).set({ address: { ...TEST_ADDRESS, name, address, building } }).where(eq(shippingRequests.id, requestId));
    ids.push(requestId);
  }
  let exported = await owner.get(`/admin/shipping/export?ids=${ids.join(',')}`);
  // Addresses longer than the carrier takes refuse the file, naming their parcels (decision 051):
  // the rest, the formula strings among them, are exported and checked.
  const overLimit = new Set(((exported.body.over_limits ?? []) as { request_ids: number[] }[]).flatMap((o) => o.request_ids));
  const fitting = ids.filter((id) => !overLimit.has(id));
  if (overLimit.size > 0 && fitting.length > 0) exported = await owner.get(`/admin/shipping/export?ids=${fitting.join(',')}`);
  if (typeof exported.body.content_base64 !== 'string') return [`export refused: ${JSON.stringify(exported.body.errors)}`];
  const text = iconv.decode(Buffer.from(exported.body.content_base64, 'base64'), 'cp932');
  const records = parse(text, { relax_column_count: true }) as string[][];
  return records.flat().filter((cell) => FORMULA_START.test(cell));
}

/** Reset tokens and SMS codes of the outbox that the console shows to `reader`. */
export async function secretsShownInOutbox(db: Db, reader: TestClient): Promise<string[]> {
  const rows = await queryRows<{ channel: string; body: string }>(db, sql`select channel, body from outbox order by id desc limit 500`);
  const entries = ((await reader.get('/admin/outbox?limit=500')).body.entries ?? []) as { channel: string; body: string }[];
  const shown = (channel: string) => entries.filter((e) => e.channel === channel).map((e) => e.body).join('\n');
  const codes = rows.filter((r) => r.channel === 'sms').flatMap((r) => r.body.match(/\d{6}/g) ?? []);
  const tokens = rows.filter((r) => r.channel === 'mail').flatMap((r) => [...r.body.matchAll(/token=([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!));
  return [...codes.filter((c) => shown('sms').includes(c)), ...tokens.filter((t) => shown('mail').includes(t))];
}

/** Live sessions of suspended members (a suspension ends them all, and they stay ended). */
export function sessionsOfSuspended(db: Db) {
  return queryRows<{ id: string; user_id: number }>(
    db,
    sql`select s.id, s.user_id from sessions s join member_suspensions m on m.user_id = s.user_id where s.expires_at > now()`,
  );
}
