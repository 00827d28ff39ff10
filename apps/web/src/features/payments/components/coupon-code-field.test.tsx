import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { appliedCouponCode, setAppliedCouponCode } from '../coupon-code.ts';
import { purchasePoints } from '../purchase-flow.ts';
import { BuyPointScreen } from '../screens/buy-point-screen.tsx';

// Decision 061: /buy-point's coupon field checks a discount code and shows each course's price
// after it; the code is kept for the purchase; the server's refusal shows under the field.
const COURSES = {
  list: [
    { id: '1', point: '1000', price: '1100', tax: '100', memo: '', bonus_point: '0', name_en: '' },
    { id: '2', point: '3000', price: '3300', tax: '300', memo: '', bonus_point: '0', name_en: '' },
  ],
  page: { page: 1, all_page: 1, pages: [1] },
};
const QUOTE = {
  code: 'TENOFF',
  name: '10%オフ',
  kind: 'percent_off' as const,
  point_price_id: 1,
  price: 1100,
  discount_yen: 110,
  pay: 990,
  point: 1000,
  courses: [
    { point_price_id: 1, price: 1100, discount_yen: 110, pay: 990 },
    { point_price_id: 2, price: 3300, discount_yen: 330, pay: 2970 },
  ],
};

afterEach(() => setAppliedCouponCode(''));

describe('/buy-point coupon field', () => {
  it('is collapsed, applies a code: each course shows its price after the discount, and the code is kept for the purchase', async () => {
    const fetchMock = mockApi({ 'GET /user/point_price/1': COURSES, 'POST /user/coupon/check': QUOTE });
    renderAt('/buy-point', <BuyPointScreen />);
    const field = await screen.findByTestId('buy-coupon');
    expect(field.hasAttribute('open')).toBe(false);
    expect(field.querySelector('summary')?.textContent).toBe('クーポンコードをお持ちの方');
    await screen.findAllByTestId('course');
    fireEvent.change(within(field).getByTestId('buy-coupon-input'), { target: { value: 'tenoff' } });
    fireEvent.click(within(field).getByTestId('buy-coupon-apply'));
    expect((await screen.findByTestId('buy-coupon-applied')).textContent).toContain('TENOFF');
    const courses = screen.getAllByTestId('course');
    expect(within(courses[0]!).getByTestId('course-discounted').textContent).toBe('¥1,100 → ¥990¥110引き');
    expect(within(courses[1]!).getByTestId('course-pay').textContent).toBe('¥2,970');
    expect(appliedCouponCode()).toBe('TENOFF');
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/coupon/check'));
    const body = new URLSearchParams(String(sent?.[1]?.body));
    expect(JSON.parse(body.get('json') ?? '{}')).toEqual({ code: 'tenoff', point_price_id: 1 });

    fireEvent.click(screen.getByTestId('buy-coupon-remove'));
    await waitFor(() => expect(screen.queryByTestId('course-discounted')).toBeNull());
    expect(appliedCouponCode()).toBe('');
  });

  it('shows the server’s refusal under the field and keeps no code', async () => {
    mockApi({
      'GET /user/point_price/1': COURSES,
      'POST /user/coupon/check': { state: 409, errors: { code: ['このコードは上限に達したため終了しました。'] } },
    });
    renderAt('/buy-point', <BuyPointScreen />);
    await screen.findAllByTestId('course');
    const field = screen.getByTestId('buy-coupon');
    fireEvent.change(within(field).getByTestId('buy-coupon-input'), { target: { value: 'SPENT' } });
    fireEvent.click(within(field).getByTestId('buy-coupon-apply'));
    expect((await screen.findByTestId('buy-coupon-error')).textContent).toBe('このコードは上限に達したため終了しました。');
    expect(screen.queryByTestId('course-discounted')).toBeNull();
    expect(appliedCouponCode()).toBe('');
  });
});

describe('the purchase with an applied code', () => {
  const sentPayload = (fetchMock: ReturnType<typeof mockApi>) => {
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/point/buy'));
    return JSON.parse(new URLSearchParams(String(call?.[1]?.body)).get('json') ?? '{}') as Record<string, unknown>;
  };

  it('sends coupon_code with the method and drops the code once the order took it', async () => {
    setAppliedCouponCode('TENOFF');
    const fetchMock = mockApi({ 'POST /user/point/buy': { result: '1', payment_id: 5, receipt_number: '', url: '/bank-transfer-information?payment_id=5' } });
    const outcome = await purchasePoints({ pointPriceId: 1, packId: undefined, method: { payId: 4, name: 'ヤマダ タロウ' } });
    expect(outcome.kind).toBe('navigate');
    expect(sentPayload(fetchMock)).toMatchObject({ pay_id: 4, point_price_id: 1, name: 'ヤマダ タロウ', coupon_code: 'TENOFF' });
    expect(appliedCouponCode()).toBe('');
  });

  it('keeps the code when the order was refused, and sends none without one', async () => {
    setAppliedCouponCode('TENOFF');
    mockApi({ 'POST /user/point/buy': { state: 409, result: '0', errors: { coupon_code: ['このコードは上限に達したため終了しました。'] } } });
    const refused = await purchasePoints({ pointPriceId: 1, packId: undefined, method: { payId: 9 } });
    expect(refused.kind).toBe('failed');
    expect(appliedCouponCode()).toBe('TENOFF');
    setAppliedCouponCode('');
    const fetchMock = mockApi({ 'POST /user/point/buy': { result: '2', payment_id: 6, receipt_number: '', url: '' } });
    await purchasePoints({ pointPriceId: 1, packId: undefined, method: { payId: 9 } });
    expect(sentPayload(fetchMock)).not.toHaveProperty('coupon_code');
  });
});
