import { SHIPPING_STATE } from '@oripa/contract/shipping';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { setShippingAutoCombine, shippingAutoCombine } from '../settings/settings.service.ts';
import { lockRequests, parcelOf, setParcel, type LockedRequest } from './shipping.repo.ts';

/**
 * Combined parcels (同梱, issue 27 point 5, decision 051): staff put a member's open requests to
 * one address in one parcel, which then moves, ships, mails and exports as one; or split it
 * again before it is packed. Every change locks the parcels whole (lockRequests), so two staff
 * at once cannot put a request in two parcels, nor combine a parcel being packed.
 */

const COMBINABLE: readonly string[] = [SHIPPING_STATE.requested, SHIPPING_STATE.picking];
const idsText = (rows: readonly { id: number }[]) => rows.map((r) => `#${r.id}`).join(', ');

/** The same address: every field of the snapshot, names compared without their spacing. */
function sameAddress(a: LockedRequest['address'], b: LockedRequest['address']): boolean {
  const key = (x: LockedRequest['address']) => JSON.stringify([x.name.replace(/\s+/g, ''), x.zipcode, x.prefId, x.country, x.shiku, x.address, x.building, x.tel]);
  return key(a) === key(b);
}

/** POST /admin/shipping/combine: the requests and their parcels become one parcel, led by the oldest. */
export async function combine(db: Db, requestIds: readonly number[], actor: Actor) {
  const ids = [...new Set(requestIds)].sort((a, b) => a - b);
  // A parcel found grown after the first locks takes more of them out of id order: a deadlock is
  // possible then, and PostgreSQL's victim is tried again (decision 051).
  return withDeadlockRetry(() => db.transaction(async (tx) => {
    const rows = await lockRequests(tx, ids);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw AppError.field('request_ids', 'shipping.combine_missing', { ids: missing.map((id) => `#${id}`).join(', ') });
    const first = rows[0] as LockedRequest;
    const otherMember = rows.filter((r) => r.user_id !== first.user_id);
    if (otherMember.length > 0) throw AppError.field('request_ids', 'shipping.combine_member', { ids: idsText(otherMember) });
    const notOpen = rows.filter((r) => !COMBINABLE.includes(r.status));
    if (notOpen.length > 0) throw AppError.field('request_ids', 'shipping.combine_state', { ids: idsText(notOpen) });
    const elsewhere = rows.filter((r) => !sameAddress(r.address, first.address));
    if (elsewhere.length > 0) throw AppError.field('request_ids', 'shipping.combine_address', { ids: idsText(elsewhere) });
    const lead = first.id;
    const moving = rows.filter((r) => r.id !== lead && r.parcel_id !== lead);
    await setParcel(tx, [lead], null);
    await setParcel(tx, moving.map((r) => r.id), lead);
    for (const r of [first, ...moving].filter((r) => r.parcel_id !== (r.id === lead ? null : lead))) {
      await recordAudit(tx, actor, {
        action: 'shipping.combine',
        target: `shipping:${r.id}`,
        before: { parcel_id: parcelOf(r) },
        after: { parcel_id: lead },
      });
    }
    return { parcel_id: lead, request_ids: rows.map((r) => r.id) };
  }));
}

/** POST /admin/shipping/split: the parcels of the requests are undone, each request alone again. */
export async function split(db: Db, requestIds: readonly number[], actor: Actor) {
  const ids = [...new Set(requestIds)].sort((a, b) => a - b);
  // A parcel found grown after the first locks takes more of them out of id order: a deadlock is
  // possible then, and PostgreSQL's victim is tried again (decision 051).
  return withDeadlockRetry(() => db.transaction(async (tx) => {
    const rows = await lockRequests(tx, ids);
    if (rows.length === 0) throw AppError.field('request_ids', 'shipping.combine_missing', { ids: ids.map((id) => `#${id}`).join(', ') });
    const combined = rows.filter((r) => rows.some((o) => o.id !== r.id && parcelOf(o) === parcelOf(r)));
    const packed = combined.filter((r) => !COMBINABLE.includes(r.status));
    if (packed.length > 0) throw AppError.field('request_ids', 'shipping.split_state', { ids: idsText(packed) });
    const followers = combined.filter((r) => r.parcel_id !== null);
    await setParcel(tx, followers.map((r) => r.id), null);
    for (const r of followers) {
      await recordAudit(tx, actor, { action: 'shipping.split', target: `shipping:${r.id}`, before: { parcel_id: r.parcel_id }, after: { parcel_id: r.id } });
    }
    return { request_ids: combined.map((r) => r.id) };
  }));
}

/** Whether a member's new request joins their open parcel to the same address by itself. */
export function autoCombine(db: DbOrTx): Promise<boolean> {
  return shippingAutoCombine(db);
}

/** POST /admin/shipping/settings: the operator turns automatic combining on or off, audited. */
export async function saveShippingSettings(db: Db, settings: { auto_combine: boolean }, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await autoCombine(tx);
    await setShippingAutoCombine(tx, settings.auto_combine);
    if (before !== settings.auto_combine) {
      await recordAudit(tx, actor, { action: 'shipping.auto_combine', target: 'shipping_auto_combine', before: { auto_combine: before }, after: { auto_combine: settings.auto_combine } });
    }
    return { auto_combine: settings.auto_combine };
  });
}
