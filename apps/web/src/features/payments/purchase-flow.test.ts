import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test-utils.tsx';
import { outcome } from './test-support.tsx';
import { cardCodeMessage, firstMessage, follow, interpretBuyResult } from './purchase-flow.ts';

const base = { state: 200, csrf: 'c', errors: {} };

describe('what a point/buy answer means', () => {
  beforeEach(() => {
    mockApi({ 'POST /user/gmo_result': outcome() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('follows shop screens in the app, other sites and server pages by a page load', () => {
    expect(follow('/pay-redirect?payment_id=1&pay_id=5')).toEqual({ kind: 'navigate', to: '/pay-redirect?payment_id=1&pay_id=5' });
    expect(follow(`${window.location.origin}/complete-carrier?payment_id=1`)).toEqual({ kind: 'navigate', to: '/complete-carrier?payment_id=1' });
    expect(follow(`${window.location.origin}/sandbox/pay/consent/sbx_1`)).toEqual({
      kind: 'leave',
      href: `${window.location.origin}/sandbox/pay/consent/sbx_1`,
    });
    expect(follow('/api/acs/secure?ref=1')).toEqual({ kind: 'leave', href: '/api/acs/secure?ref=1' });
    expect(follow('https://wallet.example/pay')).toEqual({ kind: 'leave', href: 'https://wallet.example/pay' });
    expect(follow('//evil.example/x')).toEqual({ kind: 'leave', href: '//evil.example/x' });
  });

  it('receipt number → the convenience-store page; 7 → 3-D Secure; 2 → the completion screen', async () => {
    expect(await interpretBuyResult({ ...base, result: '1', payment_id: 3, receipt_number: '12', url: '' }, 2)).toEqual({
      kind: 'navigate',
      to: '/confirm-combini?payment_id=3',
    });
    expect(await interpretBuyResult({ ...base, result: '7', payment_id: 4, receipt_number: '', url: '/api/acs/secure?ref=a' }, 1)).toEqual({
      kind: 'leave',
      href: '/api/acs/secure?ref=a',
    });
    expect(await interpretBuyResult({ ...base, result: '2', payment_id: 5, receipt_number: '', url: '' }, 12)).toEqual({
      kind: 'navigate',
      to: '/complete-buy-point?payment_id=5&pay_id=12',
    });
  });

  it('a failure alerts the first message, the name first; without one, the method’s text; no answer, the communication error', async () => {
    const failed = { ...base, state: 400, result: '0', errors: { payment: ['p'], name: ['カタカナで'] } };
    expect(await interpretBuyResult(failed, 4)).toEqual({ kind: 'failed', message: 'カタカナで', errors: failed.errors });
    expect(await interpretBuyResult({ ...base, state: 400, errors: {} }, 6)).toMatchObject({
      message: '決済が失敗しました。ご契約状況をご確認ください。状態が不明な場合は、各サービス会社にお問い合わせください。',
    });
    expect(await interpretBuyResult({ ...base, state: 400, errors: {} }, 5)).toMatchObject({ message: 'エラーが発生しました。' });
    expect(await interpretBuyResult({ ...base, state: 400, errors: {} }, 2)).toMatchObject({
      message: 'お支払いに失敗しました。他のお支払方法をご利用ください。',
    });
    expect(await interpretBuyResult({ ...base, state: 0, errors: { network: ['network error'] } }, 1)).toEqual({
      kind: 'failed',
      message: '通信エラーが発生しました。時間をおいて再度お試しください。',
      errors: {},
    });
    expect(firstMessage({ network: ['x'] })).toBeUndefined();
  });

  it('maps the provider codes of spec section 5 to their messages', () => {
    expect(cardCodeMessage('1300')).toBe('カード番号が正しくありません。');
    expect(cardCodeMessage('1401')).toBe('有効期限が正しくありません。');
    expect(cardCodeMessage('1502')).toBe('有効期限が正しくありません。');
    expect(cardCodeMessage('1601')).toBe('セキュリティコードが正しくありません。');
    expect(cardCodeMessage('1700')).toBe('カード名義が正しくありません。');
    expect(cardCodeMessage('8000')).toBe('ただいまカード決済はシステムメンテナンス中です。時間をおいて再度お試しください。');
    expect(cardCodeMessage('7001')).toBe('通信エラーが発生しました。時間をおいて再度お試しください。');
    expect(cardCodeMessage('E90')).toBe('通信エラーが発生しました。時間をおいて再度お試しください。');
    expect(cardCodeMessage('902')).toBe('サーバーエラーが発生しました。時間をおいて再度お試しください。');
    expect(cardCodeMessage('9999')).toBe('カード情報が正しくありません。');
  });
});
