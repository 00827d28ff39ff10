import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { outcome, recorder, Where, type RecordedCall } from '../test-support.tsx';
import { BankTransferInformationScreen } from './bank-transfer-information-screen.tsx';
import { ConfirmCombiniScreen } from './confirm-combini-screen.tsx';
import { PaygeTransferInformationScreen } from './payge-transfer-information-screen.tsx';

const targets = ['/', '/confirm-buy-point', '/buy-point-history'].map((path) => ({ path, element: <Where /> }));

const SLIP = {
  url: 'http://shop.test/sandbox/pay/combini/sbx_1',
  payment_id: 33,
  receipt_number: '1234567890123',
  combini_code: 'sej',
  combini_name: 'セブン-イレブン',
  price: '5500',
  due: '2026/12/04 00:00',
  payment_state: 'pending',
};

const BANK = {
  bank: 'サンドボックス銀行 渋谷支店',
  number: '普通 1234567',
  name: 'カ）オリパデモ',
  price: '11000',
  payment_id: 32,
  payer_name: 'ヤマダ ハナコ',
  due: '2026/12/04 00:00',
  payment_state: 'pending',
};

describe('/confirm-combini', () => {
  it('shows the payment-number page of the payment company, the number, amount and deadline', async () => {
    const calls: RecordedCall[] = [];
    mockApi({ 'GET /user/point/combini_number*': recorder(calls)(SLIP) });
    renderAt('/confirm-combini?payment_id=33', <ConfirmCombiniScreen />, { extraRoutes: targets });
    expect((await screen.findByTestId('combini-slip-link')).getAttribute('href')).toBe(SLIP.url);
    expect(screen.getByTestId('combini-receipt').textContent).toBe('1234567890123');
    expect(screen.getByTestId('combini-amount').textContent).toBe('¥5,500');
    expect(screen.getByTestId('combini-chain').textContent).toBe('セブン-イレブン');
    expect(calls.map((call) => call.path)).toEqual(['/user/point/combini_number?payment_id=33']);
  });

  it('says the payment company could not be reached when the number cannot be fetched', async () => {
    mockApi({ 'GET /user/point/combini_number*': { state: 500, errors: { url: ['x'] } } });
    renderAt('/confirm-combini?payment_id=33', <ConfirmCombiniScreen />, { extraRoutes: targets });
    expect((await screen.findByRole('alert')).textContent).toContain('決済会社に接続できませんでした。時間をおいて再度お試しください。');
  });

  it('a paid slip says so and offers no slip any more', async () => {
    mockApi({ 'GET /user/point/combini_number*': { ...SLIP, payment_state: 'succeeded' } });
    renderAt('/confirm-combini?payment_id=33', <ConfirmCombiniScreen />, { extraRoutes: targets });
    expect((await screen.findByTestId('payment-state')).textContent).toBe('お支払いが確認され、ポイントに反映されました。');
    expect(screen.queryByTestId('combini-slip-link')).toBeNull();
  });
});

describe('/bank-transfer-information', () => {
  it('shows the amount, bank, account number and name, and the business-hours note', async () => {
    mockApi({ 'GET /user/bank*': BANK });
    renderAt('/bank-transfer-information?payment_id=32', <BankTransferInformationScreen />, { extraRoutes: targets });
    expect((await screen.findByTestId('bank-amount')).textContent).toBe('¥11,000');
    expect(screen.getByTestId('bank-bank').textContent).toBe(BANK.bank);
    expect(screen.getByTestId('bank-number').textContent).toBe(BANK.number);
    expect(screen.getByTestId('bank-holder').textContent).toBe(BANK.name);
    expect(screen.getByTestId('bank-hours').textContent).toBe('平日10:00〜18:00以外のお振込は、最短で翌営業日の反映となります。');
  });

  it('blocks leaving toward /confirm-buy-point, not the other ways out', async () => {
    mockApi({ 'GET /user/bank*': BANK });
    const { router } = renderAt('/bank-transfer-information?payment_id=32', <BankTransferInformationScreen />, { extraRoutes: targets });
    await screen.findByTestId('bank-info');
    await act(() => router.navigate('/confirm-buy-point?pointPriceId=2'));
    expect(router.state.location.pathname).toBe('/bank-transfer-information');
    expect((await screen.findByTestId('pay-alert-message')).textContent).toContain('購入確認の画面には戻れません');
    fireEvent.click(screen.getByTestId('pay-alert-ok'));
    await act(() => router.navigate('/buy-point-history'));
    expect((await screen.findByTestId('where')).textContent).toBe('/buy-point-history');
  });
});

describe('/payge-transfer-information', () => {
  it('shows the amount, the remittance address, pay within 3 days, credited the same day at the earliest', async () => {
    mockApi({ 'GET /user/point/end*': outcome({ result: '2', price: '5500' }) });
    renderAt(
      `/payge-transfer-information?payment_id=40&remittance=${encodeURIComponent('https://remit.example/pay/40')}`,
      <PaygeTransferInformationScreen />,
      { extraRoutes: targets },
    );
    expect((await screen.findByTestId('payge-amount')).textContent).toBe('¥5,500');
    expect(screen.getByRole('link', { name: /remit\.example/ }).getAttribute('href')).toBe('https://remit.example/pay/40');
    expect(screen.getByTestId('payge-info').textContent).toContain('3日以内');
    expect(screen.getByTestId('payge-info').textContent).toContain('最短で当日中');
  });
});
