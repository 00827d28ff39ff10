import { sql, type SQL } from 'drizzle-orm';

/**
 * The member's shipping address as it is now (users u left join prefectures pr), stored with a
 * shipping request so later address changes never move a parcel already requested.
 */
const SHIPPING_ADDRESS = sql`jsonb_build_object(
  'name', trim(u.last_name || ' ' || u.middle_name || ' ' || u.first_name),
  'zipcode', u.zipcode, 'prefId', u.pref_id, 'prefName', coalesce(pr.name, ''),
  'country', u.country, 'shiku', u.shiku, 'address', u.address,
  'building', u.building, 'tel', u.tel)`;

/** The setting (app_settings) that turns automatic combining on; the shipping console writes it. */
export const AUTO_COMBINE_SETTING = 'shipping_auto_combine';

/**
 * Automatic combining (同梱, decision 051), when the operator turned it on: a new request joins
 * the member's oldest open parcel (requested or picking) to the very same address. The parcel's
 * lead is locked first, as every step of a parcel does, and read again after the wait, so a
 * parcel packed meanwhile is not joined. Requests made in one statement do not join each other.
 */
const openParcelToJoin = sql`(
  select o.id from shipping_requests o
  where o.user_id = r.user_id and o.parcel_id is null and o.status in ('requested', 'picking')
    and o.address = ${SHIPPING_ADDRESS}
    and exists (select 1 from app_settings a where a.key = ${AUTO_COMBINE_SETTING} and a.value = 'true'::jsonb)
  order by o.id limit 1
  for update)`;

/**
 * The one INSERT of shipping requests. The table is the shipping module's (docs/architecture.md,
 * "Table owners"), but requests are born in the transactions that decide them — a purchase whose
 * cards all ship, a member's card choice, an exchange — in modules below shipping in the layers,
 * so they splice this statement into their own. `requests` is a relation with the columns
 * user_id and purchase_id (null for an exchange), one row a request; rows whose member is gone
 * make none. Answers `id, purchase_id` per request made.
 */
export function insertShippingRequests(requests: SQL, now: Date, where: SQL = sql`true`): SQL {
  return sql`insert into shipping_requests (user_id, purchase_id, address, created_at, parcel_id)
    select r.user_id, r.purchase_id, ${SHIPPING_ADDRESS}, ${now}, ${openParcelToJoin}
    from ${requests} r join users u on u.id = r.user_id left join prefectures pr on pr.id = u.pref_id
    where ${where}
    returning id, purchase_id`;
}
