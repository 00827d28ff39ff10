import type { ShippingRefusal } from '@oripa/contract/admin-shipping';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import {
  CARRIER_NAMES,
  checkTransition,
  normalizeTrackingNumber,
  SHIPPING_STATE,
  TRACKING_NUMBER_PATTERN,
  trackingUrl,
  type Carrier,
  type ShippingState,
} from '@oripa/contract/shipping';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Actor } from '../audit/audit.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { convertCancelledShipment } from '../holdings/cancelled-shipping.service.ts';
import { enqueueMails, type QueuedMail } from '../notifications/mail-outbox.ts';
import { cardCounts, insertEvents, lockRequests, parcelOf, saveParcels, setStatus, type CardCountRow, type LockedRequest } from './shipping.repo.ts';

/** A parcel's carrier and tracking number, as given with a shipping step. */
export interface Parcel {
  carrier: Carrier;
  trackingNumber: string;
}

export interface TransitionOutcome {
  applied: number[];
  unchanged: number[];
  refused: ShippingRefusal[];
  converted_points: number;
}

/** A tracking number as stored, or a refusal under `field`. */
export function cleanTrackingNumber(raw: string, field: string): string {
  const number = normalizeTrackingNumber(raw);
  if (!TRACKING_NUMBER_PATTERN.test(number)) throw AppError.field(field, 'shipping.tracking_invalid');
  return number;
}

const isPointPack = (r: LockedRequest) => r.purchase_id !== null && r.payment_method === PAYMENT_METHOD.points;

/** Why one locked request cannot take the step, or what to do with it. */
function verdict(r: LockedRequest | undefined, to: ShippingState, convert: boolean): 'apply' | 'same' | ShippingRefusal['reason'] {
  if (!r) return 'not_found';
  if (convert && (to !== SHIPPING_STATE.cancelled || !isPointPack(r))) return 'not_convertible';
  const check = checkTransition(r.status, to);
  if (check === 'same') return 'same';
  return check === 'ok' ? 'apply' : check;
}

/**
 * The shipping-notice mails of requests that just became shipped, in the transaction of the step,
 * in one statement: one mail a parcel (decision 051), keyed by its lead `shipping:<id>:shipped`
 * (a request alone is its own lead, so its key is what it always was), with every request's cards.
 */
function queueShippingNotices(tx: DbOrTx, rows: readonly LockedRequest[], parcels: Map<number, Parcel>, cards: Map<number, CardCountRow[]>, now: Date) {
  if (rows.length === 0) return Promise.resolve(0);
  const byParcel = new Map<number, LockedRequest[]>();
  for (const r of rows) byParcel.set(parcelOf(r), [...(byParcel.get(parcelOf(r)) ?? []), r]);
  return enqueueMails(
    tx,
    [...byParcel].map(([lead, members]): QueuedMail<typeof MAIL_KIND.shippingNotice> => {
      const parcel = parcels.get(members[0]!.id);
      return {
        userId: members[0]!.user_id,
        kind: MAIL_KIND.shippingNotice,
        key: `shipping:${lead}:shipped`,
        data: {
          requestId: lead,
          ...(members.length > 1 ? { requestIds: members.map((r) => r.id) } : {}),
          carrier: parcel ? `${CARRIER_NAMES[parcel.carrier].ja} (${CARRIER_NAMES[parcel.carrier].en})` : '',
          trackingNumber: parcel?.trackingNumber ?? '',
          trackingUrl: parcel ? trackingUrl(parcel.carrier, parcel.trackingNumber) : '',
          cards: members.flatMap((r) => (cards.get(r.id) ?? []).map((c) => (c.count > 1 ? `${c.name} ×${c.count}` : c.name))),
        },
      };
    }),
    now,
  );
}

/**
 * Applies one step to locked requests (all of them may take it; the caller checked): the new
 * state, one event each, the audit entries, the parcel and the mail of a shipment, and the
 * points of a cancelled point pack's cards when asked. Requests already in the state (`same`)
 * get no event; a cancelled one may still have its cards converted (the console offers it).
 */
export async function applyStep(
  tx: DbOrTx,
  rows: readonly LockedRequest[],
  step: { to: ShippingState; convert: boolean; parcels: Map<number, Parcel> },
  actor: Actor,
  now: Date,
): Promise<TransitionOutcome> {
  const moving = rows.filter((r) => r.status !== step.to);
  await setStatus(tx, moving.map((r) => r.id), step.to, now);
  await insertEvents(
    tx,
    moving.map((r) => ({ requestId: r.id, fromState: r.status, toState: step.to, operatorId: actor.operatorId, actor: actor.name, createdAt: now })),
  );
  const parcelChanged = (r: LockedRequest) => {
    const parcel = step.parcels.get(r.id);
    return parcel !== undefined && (parcel.trackingNumber !== r.tracking_number || parcel.carrier !== r.carrier);
  };
  const changedParcels = rows.filter(parcelChanged).map((r) => ({ requestId: r.id, ...(step.parcels.get(r.id) as Parcel) }));
  await saveParcels(tx, changedParcels, now);
  const shipping = step.to === SHIPPING_STATE.shipped ? moving : [];
  const cards = new Map<number, CardCountRow[]>();
  for (const c of await cardCounts(tx, shipping.map((r) => r.id))) cards.set(c.request_id, [...(cards.get(c.request_id) ?? []), c]);
  let converted = 0;
  for (const r of rows) {
    const parcel = step.parcels.get(r.id);
    const points = step.convert ? await convertCancelledShipment(tx, r.id, now) : 0;
    converted += points;
    if (r.status === step.to && !parcelChanged(r) && points === 0) continue;
    await recordAudit(tx, actor, {
      action: 'shipping.transition',
      target: `shipping:${r.id}`,
      before: { state: r.status, carrier: r.carrier, tracking_number: r.tracking_number },
      after: { state: step.to, ...(parcel ? { carrier: parcel.carrier, tracking_number: parcel.trackingNumber } : {}), ...(points > 0 ? { converted_points: points } : {}) },
    });
  }
  await queueShippingNotices(tx, shipping, step.parcels, cards, now);
  const movingIds = new Set(moving.map((r) => r.id));
  return {
    applied: rows.filter((r) => movingIds.has(r.id)).map((r) => r.id),
    unchanged: rows.filter((r) => !movingIds.has(r.id)).map((r) => r.id),
    refused: [],
    converted_points: converted,
  };
}

export interface StepRequest {
  ids: readonly number[];
  to: ShippingState;
  convert: boolean;
  /** The parcel's carrier and number (a ship step with one number is refused for more than one parcel). */
  parcel?: Parcel | undefined;
}

/**
 * POST /admin/shipping/transition: moves every listed request one step, all or none, each with
 * the whole parcel it ships in (decision 051). A row that cannot take the step (missing, a skip,
 * going back, final, conversion not offered) refuses the whole action and is listed with its
 * reason; nothing is written then.
 */
export async function transition(db: Db, step: StepRequest, actor: Actor, now = new Date()): Promise<TransitionOutcome> {
  const ids = [...new Set(step.ids)].sort((a, b) => a - b);
  // A parcel found grown after the first locks takes more of them out of id order: a deadlock is
  // possible then, and PostgreSQL's victim is tried again (decision 051).
  return withDeadlockRetry(() => db.transaction(async (tx) => {
    const rows = await lockRequests(tx, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (step.parcel && step.to === SHIPPING_STATE.shipped && new Set(rows.map(parcelOf)).size > 1) {
      throw AppError.field('tracking_number', 'shipping.bulk_refused', { count: new Set(rows.map(parcelOf)).size });
    }
    const refused: ShippingRefusal[] = [];
    for (const id of [...new Set([...ids, ...byId.keys()])].sort((a, b) => a - b)) {
      const v = verdict(byId.get(id), step.to, step.convert);
      if (v !== 'apply' && v !== 'same') refused.push({ id, reason: v, state: byId.get(id)?.status ?? '' });
    }
    if (refused.length > 0) {
      throw AppError.field('request_ids', 'shipping.bulk_refused', { count: refused.length }, { refused, applied: [], unchanged: [], converted_points: 0 });
    }
    const parcels = new Map<number, Parcel>();
    if (step.parcel && step.to === SHIPPING_STATE.shipped) for (const r of rows) parcels.set(r.id, step.parcel);
    return applyStep(tx, rows, { to: step.to, convert: step.convert, parcels }, actor, now);
  }));
}
