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

/**
 * The one INSERT of shipping requests. The table is the shipping module's (docs/architecture.md,
 * "Table owners"), but requests are born in the transactions that decide them — a purchase whose
 * cards all ship, a member's card choice, an exchange — in modules below shipping in the layers,
 * so they splice this statement into their own. `requests` is a relation with the columns
 * user_id and purchase_id (null for an exchange), one row a request; rows whose member is gone
 * make none. Answers `id, purchase_id` per request made.
 */
export function insertShippingRequests(requests: SQL, now: Date, where: SQL = sql`true`): SQL {
  return sql`insert into shipping_requests (user_id, purchase_id, address, created_at)
    select r.user_id, r.purchase_id, ${SHIPPING_ADDRESS}, ${now}
    from ${requests} r join users u on u.id = r.user_id left join prefectures pr on pr.id = u.pref_id
    where ${where}
    returning id, purchase_id`;
}
