import { describe, expect, it, vi } from 'vitest';
import { GMO_PAYPAY_TOKEN, gmoTokenizer, specCodeOfGmo, type GmoTokenResponse } from './gmo-tokenizer.ts';

const card = { card_number: '4111111111111111', limit_month: '3', limit_year: '30', cvc: '123', card_name: 'HANAKO YAMADA' };
const options = { shopId: 'tshop00000001', tokenUrl: '' };

function fakeMultipayment(response: GmoTokenResponse) {
  return { init: vi.fn(), getToken: vi.fn((_card: Record<string, string>, callback: (r: GmoTokenResponse) => void) => callback(response)) };
}

describe('GMO token.js behind the shop tokenizer', () => {
  it('passes the card as GMO names its fields (expire YYMM) and answers the first token', async () => {
    const api = fakeMultipayment({ resultCode: '000', tokenObject: { token: ['tok-1'], maskedCardNo: '411111******1111' } });
    expect(await gmoTokenizer(api).getToken(card, options)).toEqual({ resultCode: '000', token: 'tok-1', maskedCardNumber: '411111******1111' });
    expect(api.init).toHaveBeenCalledWith('tshop00000001');
    expect(api.getToken.mock.calls[0]?.[0]).toEqual({ cardno: '4111111111111111', expire: '3003', securitycode: '123', holdername: 'HANAKO YAMADA', tokennumber: '1' });
  });

  it('takes a 4-digit year as YYYYMM and an older token.js answering a single token', async () => {
    const api = fakeMultipayment({ resultCode: '000', tokenObject: { token: 'tok-2' } });
    expect((await gmoTokenizer(api).getToken({ ...card, limit_year: '2030', limit_month: '12' }, options)).token).toBe('tok-2');
    expect(api.getToken.mock.calls[0]?.[0]?.expire).toBe('203012');
  });

  it('answers the spec’s codes for GMO’s result codes and for a missing month or year', async () => {
    expect((await gmoTokenizer(fakeMultipayment({ resultCode: '000' })).getToken({ ...card, limit_month: '' }, options)).resultCode).toBe('1400');
    expect((await gmoTokenizer(fakeMultipayment({ resultCode: '000' })).getToken({ ...card, limit_year: '' }, options)).resultCode).toBe('1500');
    expect((await gmoTokenizer(fakeMultipayment({ resultCode: '101' })).getToken(card, options)).resultCode).toBe('1301');
    const table: [string, string][] = [['100', '1300'], ['102', '1301'], ['112', '1501'], ['113', '1401'], ['121', '1601'], ['131', '1700'], ['901', '902'], ['902', '902']];
    for (const [gmo, spec] of table) expect(specCodeOfGmo(gmo), gmo).toBe(spec);
  });

  it('PayPay needs no browser token: the mobile token only names the method', async () => {
    expect(await gmoTokenizer(fakeMultipayment({ resultCode: '000' })).getMobileToken(options)).toEqual({ resultCode: '000', token: GMO_PAYPAY_TOKEN });
  });
});
