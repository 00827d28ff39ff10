import { sql } from 'drizzle-orm';

/**
 * The member's shipping address as it is now (users u left join prefectures pr), stored with a
 * shipping request so later address changes never move a parcel already requested.
 */
export const SHIPPING_ADDRESS = sql`jsonb_build_object(
  'name', trim(u.last_name || ' ' || u.middle_name || ' ' || u.first_name),
  'zipcode', u.zipcode, 'prefId', u.pref_id, 'prefName', coalesce(pr.name, ''),
  'country', u.country, 'shiku', u.shiku, 'address', u.address,
  'building', u.building, 'tel', u.tel)`;
