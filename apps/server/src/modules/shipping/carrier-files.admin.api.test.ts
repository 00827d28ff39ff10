import { STATE } from '@oripa/contract/states';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { shippingRequests } from '../../db/schema/gacha.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { YAMATO_B2 } from './carriers/yamato-b2.ts';
import { createTestShippingRequest, TEST_ADDRESS } from './shipping-testing.ts';

const B2_COLUMNS = YAMATO_B2.columns.map((c) => c.name);

/**
 * Issue 22 C and G over the wire: a member's hostile name leaves the B2 export neutralised, a
 * parcel abroad (pref_id 99) is refused from the domestic carrier file with the reason in the
 * operator's language, and a tracking file naming お客様管理番号 twice is refused with its line
 * and columns.
 */

const t = useConsoleShop('staff');
const { db } = t;

async function requestTo(address: Partial<typeof TEST_ADDRESS>): Promise<number> {
  const { requestId } = await createTestShippingRequest(db());
  await db().update(shippingRequests).set({ address: { ...TEST_ADDRESS, ...address } }).where(eq(shippingRequests.id, requestId));
  return requestId;
}

describe('the B2 export', () => {
  it('neutralises a member name that a spreadsheet would run, also after the code page mapping', async () => {
    const ids = [await requestTo({ name: "-2+3+cmd|' /C calc'!A0" }), await requestTo({ name: "\u20102+3+cmd|' /C calc'!A0" })];
    const exported = await t.staff.get(`/admin/shipping/export?ids=${ids.join(',')}`);
    expect(exported.body.state).toBe(STATE.ok);
    const lines = iconv.decode(Buffer.from(exported.body.content_base64 as string, 'base64'), 'cp932').split('\r\n');
    const nameAt = B2_COLUMNS.indexOf('お届け先名');
    const names = lines.slice(1, 3).map((l) => l.slice(1, -1).split('","')[nameAt]);
    expect(names).toEqual(["'-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"]);
  });

  it('refuses parcels abroad, naming them, in the operator’s language; domestic ones alone export', async () => {
    const domestic = await requestTo({});
    const abroad = await requestTo({ prefId: 99, prefName: '', country: 'US', zipcode: '94105', shiku: 'San Francisco, CA', address: '1 Market St' });
    const refused = await t.staff.get(`/admin/shipping/export?ids=${domestic},${abroad}`);
    expect(refused.body.state).toBe(STATE.conflict);
    expect(refused.body.errors.ids?.[0]).toContain(`#${abroad}`);
    expect(refused.body.errors.ids?.[0]).toContain('海外');
    expect(refused.body.content_base64).toBeUndefined();
    t.staff.setLang('en');
    try {
      const english = await t.staff.get(`/admin/shipping/export?ids=${abroad}`);
      expect(english.body.errors.ids?.[0]).toMatch(new RegExp(`#${abroad} go abroad`));
    } finally {
      t.staff.setLang('ja');
    }
    expect((await t.staff.get(`/admin/shipping/export?ids=${domestic}`)).body).toMatchObject({ state: STATE.ok, rows: 1 });
  });
});

describe('the tracking import', () => {
  it('refuses a header naming お客様管理番号 twice, with the line and both columns', async () => {
    const { requestId } = await createTestShippingRequest(db());
    const text = `"お客様管理番号","伝票番号","お客様管理番号"\r\n"${requestId}","400011112222","99"\r\n`;
    const res = await t.staff.post('/admin/shipping/import', { file_base64: iconv.encode(text, 'cp932').toString('base64') });
    expect(res.body.state).toBe(STATE.validation);
    expect(res.body.line_errors).toEqual([{ line: 1, reason: '見出しの「お客様管理番号」が1列目と3列目の2か所にあり、どちらを使うか決められません。' }]);
    expect((await db().select({ s: shippingRequests.status }).from(shippingRequests).where(eq(shippingRequests.id, requestId)))[0]!.s).toBe('requested');
  });
});
