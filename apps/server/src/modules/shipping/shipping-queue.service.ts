import type { AdminShippingRequest, OverLimit, ParsedShippingQuery } from '@oripa/contract/admin-shipping';
import { CARRIER_FORMAT_NAMES, type CarrierFormat } from '@oripa/contract/carrier-formats';
import { SHIPPING_BATCH_MAX } from '@oripa/contract/admin-shipping';
import { OVERSEAS_PREF_ID } from '@oripa/contract/address';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { EXCHANGE_SHIPMENTS_SHOWN } from '@oripa/contract/shipping-schema';
import {
  isCarrier,
  OPEN_SHIPPING_STATES,
  SHIPPING_PROMISE_BUSINESS_DAYS,
  trackingUrl,
  type Carrier,
  type MemberShipment,
  type ShippingState,
} from '@oripa/contract/shipping';
import type { Lang } from '@oripa/contract/states';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { formatJst } from '../../lib/time.ts';
import { inLang } from '../../kernel/language.ts';
import { convertedPoints } from '../holdings/cancelled-shipping.service.ts';
import { CARRIER_LAYOUTS } from './carriers/layouts.ts';
import { layoutFile, type CarrierParcel, type FieldReport } from './carriers/layout.ts';
import { businessDaysSince, overdueCutoff } from './shipping-deadline.ts';
import {
  cardCounts,
  exchangeShipmentRows,
  memberShipmentRows,
  queueRows,
  type CardCountRow,
  type MemberShipmentRow,
  type QueueFilter,
  type QueueRow,
} from './shipping.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const jstMidnight = (date: string) => new Date(`${date}T00:00:00+09:00`);
const iso = (v: string | Date) => new Date(v).toISOString();
/** Japanese postal codes as labels print them (150-0002); overseas codes as typed. */
const labelZip = (zip: string) => (/^\d{7}$/.test(zip) ? `${zip.slice(0, 3)}-${zip.slice(3)}` : zip);

/** The console's query as the repo's filter (Japan dates inclusive, 'overdue' as a cutoff). */
export function filterOf(q: ParsedShippingQuery, now: Date): QueueFilter {
  const state = q.state === '' || q.state === 'overdue' ? undefined : q.state;
  return {
    state,
    openBefore: q.state === 'overdue' ? { states: OPEN_SHIPPING_STATES, before: overdueCutoff(now) } : undefined,
    from: q.from ? jstMidnight(q.from) : undefined,
    until: q.to ? new Date(jstMidnight(q.to).getTime() + DAY_MS) : undefined,
    packId: q.pack,
    member: q.member || undefined,
    ids: q.ids && q.ids.length > 0 ? q.ids : undefined,
  };
}

function parcelOf(carrier: string | null, number: string | null): { carrier: Carrier | ''; tracking_number: string; tracking_url: string } {
  if (!carrier || !number || !isCarrier(carrier)) return { carrier: '', tracking_number: number ?? '', tracking_url: '' };
  return { carrier, tracking_number: number, tracking_url: trackingUrl(carrier, number) };
}

function toRequest(r: QueueRow, cards: CardCountRow[], converted: number, now: Date): AdminShippingRequest {
  const created = new Date(r.created_at);
  const state = r.status as ShippingState;
  const age = businessDaysSince(created, now);
  return {
    id: r.id,
    state,
    created_at: created.toISOString(),
    user_id: r.user_id,
    mail: r.mail,
    source: r.purchase_id === null ? 'exchange' : 'pack',
    purchase_id: r.purchase_id,
    pack_id: r.pack_id,
    pack_name: r.pack_name ?? r.exchange_card ?? '',
    point_pack: r.payment_method === PAYMENT_METHOD.points,
    address: {
      // The snapshot joins last, middle and first name with spaces: an empty middle name left two.
      name: r.address.name.replace(/\s+/g, ' ').trim(),
      zipcode: labelZip(r.address.zipcode),
      pref_name: r.address.prefName,
      country: r.address.country,
      shiku: r.address.shiku,
      address: r.address.address,
      building: r.address.building,
      tel: r.address.tel,
    },
    cards: cards.map((c) => ({ name: c.name, model_number: c.model_number, rarity: c.rarity, count: c.count })),
    ...parcelOf(r.carrier, r.tracking_number),
    age_business_days: age,
    overdue: OPEN_SHIPPING_STATES.includes(state) && age > SHIPPING_PROMISE_BUSINESS_DAYS,
    converted_points: converted,
    parcel_id: r.parcel_id,
  };
}

/** Requests matching the filter with their cards, oldest first, at most SHIPPING_BATCH_MAX. */
export async function findRequests(db: DbOrTx, filter: QueueFilter, now: Date): Promise<{ requests: AdminShippingRequest[]; more: boolean }> {
  const { requests, more } = await findQueue(db, filter, now);
  return { requests, more };
}

/** As findRequests, with the ids of the requests going abroad (pref_id 99). */
async function findQueue(db: DbOrTx, filter: QueueFilter, now: Date): Promise<{ requests: AdminShippingRequest[]; more: boolean; overseas: number[] }> {
  const rows = await queueRows(db, filter, SHIPPING_BATCH_MAX + 1);
  const page = rows.slice(0, SHIPPING_BATCH_MAX);
  const overseas = page.filter((r) => Number(r.address.prefId) === OVERSEAS_PREF_ID).map((r) => r.id);
  const ids = page.map((r) => r.id);
  const [cards, converted] = await Promise.all([cardCounts(db, ids), convertedPoints(db, ids)]);
  const byRequest = new Map<number, CardCountRow[]>();
  for (const c of cards) byRequest.set(c.request_id, [...(byRequest.get(c.request_id) ?? []), c]);
  return {
    requests: page.map((r) => toRequest(r, byRequest.get(r.id) ?? [], converted.get(r.id) ?? 0, now)),
    more: rows.length > SHIPPING_BATCH_MAX,
    overseas,
  };
}

/** GET /admin/shipping: the queue. */
export function listQueue(db: Db, query: ParsedShippingQuery, now = new Date()) {
  return findRequests(db, filterOf(query, now), now);
}

/** GET /admin/shipping/picklist: the cards of the matching requests, by card, most first. */
export async function pickList(db: Db, query: ParsedShippingQuery, now = new Date()) {
  const { requests } = await findRequests(db, filterOf(query, now), now);
  const lines = new Map<string, { name: string; model_number: string; rarity: number; count: number; requests: number }>();
  for (const r of requests) {
    for (const c of r.cards) {
      const key = JSON.stringify([c.name, c.model_number, c.rarity]);
      const line = lines.get(key) ?? { ...c, count: 0, requests: 0 };
      line.count += c.count;
      line.requests += 1;
      lines.set(key, line);
    }
  }
  const sorted = [...lines.values()].sort((a, b) => b.rarity - a.rarity || a.model_number.localeCompare(b.model_number) || a.name.localeCompare(b.name));
  return { lines: sorted, requests: requests.length, cards: sorted.reduce((n, l) => n + l.count, 0) };
}

/** What a parcel holds, for the labels' content fields (品名): each pack (or exchanged card) with its cards. */
function contentsOf(requests: readonly AdminShippingRequest[]): { item: string; detail: string } {
  const parts = requests.map((r) => `${r.pack_name} ${r.cards.reduce((n, c) => n + c.count, 0)}枚`);
  return { item: 'トレーディングカード', detail: parts.join('、') };
}

/** The requests as parcels, a combined one once under its lead (the oldest request), in the queue's order. */
function parcelsOf(requests: readonly AdminShippingRequest[]): AdminShippingRequest[][] {
  const byLead = new Map<number, AdminShippingRequest[]>();
  for (const r of requests) byLead.set(r.parcel_id ?? r.id, [...(byLead.get(r.parcel_id ?? r.id) ?? []), r]);
  return [...byLead.values()];
}

const reportOf = (f: FieldReport): OverLimit => ({ parcel_id: f.parcelId, request_ids: [...f.requestIds], field: f.field, limit: f.limit, length: f.length });

/**
 * GET /admin/shipping/export: the matching requests as the chosen carrier's import file, one
 * line a parcel (decisions 020, 051). Fields longer than the carrier takes refuse the file with
 * each one named; the content fields are cut instead, and listed.
 */
export async function exportForCarrier(db: Db, config: Config, query: ParsedShippingQuery & { format: CarrierFormat }, now = new Date()) {
  const { requests, overseas } = await findQueue(db, filterOf(query, now), now);
  // The carriers' domestic labels only: a parcel abroad is arranged apart (decisions 020, 033).
  if (overseas.length > 0) throw AppError.field('ids', 'shipping.export_overseas', { ids: overseas.map((id) => `#${id}`).join(', ') });
  const day = formatJst(now).slice(0, 10);
  const layout = CARRIER_LAYOUTS[query.format];
  const parcels = parcelsOf(requests).map((members): CarrierParcel => {
    const lead = members[0] as AdminShippingRequest;
    return {
      parcelId: lead.id,
      requestIds: members.map((r) => r.id),
      shipDate: day,
      recipient: {
        name: lead.address.name,
        zipcode: lead.address.zipcode,
        address: `${lead.address.pref_name}${lead.address.shiku}${lead.address.address}`,
        building: lead.address.building,
        tel: lead.address.tel,
      },
      sender: { name: config.COMPANY_NAME, zipcode: config.COMPANY_ZIPCODE, address: config.COMPANY_ADDRESS, tel: config.COMPANY_TEL },
      ...contentsOf(members),
    };
  });
  const made = layoutFile(layout, parcels);
  if (!made.ok) {
    const list = made.overLimits.map((f) => `#${f.parcelId} ${f.field} ${f.length}/${f.limit}`).join(', ');
    throw AppError.field(
      'ids',
      'shipping.export_over_limit',
      { count: made.overLimits.length, format: CARRIER_FORMAT_NAMES[query.format].ja, list },
      { over_limits: made.overLimits.map(reportOf) },
    );
  }
  const stamp = formatJst(now).replace(/[/: ]/g, '');
  return { filename: `${layout.filePrefix}-${stamp}.csv`, content_base64: made.file.toString('base64'), rows: parcels.length, truncated: made.truncated.map(reportOf) };
}

function toMemberShipment(r: MemberShipmentRow): MemberShipment {
  return {
    id: r.id,
    state: r.status as ShippingState,
    ...parcelOf(r.carrier, r.tracking_number),
    shipped_at: r.shipped_at === null ? null : iso(r.shipped_at),
  };
}

/** The member's shipments of a purchase (spec 3: the pack history shows the parcel). */
export async function memberShipments(db: DbOrTx, userId: number, of: { purchaseId: number }): Promise<MemberShipment[]> {
  return (await memberShipmentRows(db, userId, of)).map(toMemberShipment);
}

/** GET /user/exchange/shipments: the member's latest exchanges, each with its shipment. */
export async function exchangeShipments(db: DbOrTx, userId: number, lang: Lang = 'ja') {
  const rows = await exchangeShipmentRows(db, userId, EXCHANGE_SHIPMENTS_SHOWN);
  return { list: rows.map((r) => ({ ...toMemberShipment(r), card_name: inLang(r.card_name, r.card_name_en, lang), created_at: iso(r.created_at) })) };
}
