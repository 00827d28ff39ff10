import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADULT_STATUS, mockApi, renderAt, type ApiAnswer, type ApiHandler } from '@/test-utils.tsx';
import { leaveTo } from '../browser-location.ts';
import { COURSE, METHODS, outcome, pack, recorder, Where, type RecordedCall } from '../test-support.tsx';
import type { ProviderTokenizer } from '../tokenizer.ts';
import { ConfirmBuyPointScreen } from './confirm-buy-point-screen.tsx';

vi.mock('../browser-location.ts', () => ({ leaveTo: vi.fn() }));

const TOKEN_REQUEST: ApiAnswer<'POST /user/gmo_token'> = {
  result: '1',
  pay_type: '1',
  shop_id: 'oripa-sandbox-shop',
  script_url: '/sandbox/pay/tokenize.js',
  token_url: '/sandbox/pay/v1/tokens',
  point: '3000',
  price: '3300',
};

interface Answers {
  buy?: ApiAnswer<'POST /user/point/buy'> | ApiHandler<'POST /user/point/buy'>;
  gmoResult?: ApiAnswer<'POST /user/gmo_result'>;
  tokenRequest?: ApiAnswer<'POST /user/gmo_token'>;
  playSafety?: ApiAnswer<'GET /user/play_safety'> | ApiHandler<'GET /user/play_safety'>;
  birthDate?: ApiAnswer<'POST /user/birth_date'>;
}

let tokenizer: { getToken: ReturnType<typeof vi.fn>; getMobileToken: ReturnType<typeof vi.fn> };

beforeEach(() => {
  tokenizer = {
    getToken: vi.fn(async () => ({ resultCode: '000', token: 'tok_card' })),
    getMobileToken: vi.fn(async () => ({ resultCode: '000', token: 'tok_mobile' })),
  };
  window.OripaSandboxPay = tokenizer as unknown as ProviderTokenizer;
});

afterEach(() => {
  delete window.OripaSandboxPay;
  vi.mocked(leaveTo).mockReset();
});

const targets = [
  '/buy-point',
  '/complete-carrier',
  '/error-carrier',
  '/confirm-combini',
  '/bank-transfer-information',
  '/pay-redirect',
  '/complete-buy-point',
].map((path) => ({ path, element: <Where /> }));

function renderConfirm(path = '/confirm-buy-point?pointPriceId=2&packId=9', answers: Answers = {}) {
  const calls: RecordedCall[] = [];
  const record = recorder(calls);
  mockApi({
    'GET /user/point_price/detail/*': record({ point_price: COURSE }),
    'GET /user/pay_style*': record({ point: '3000', bonus_point: '0', price: '3300', tax: '300', methods: METHODS }),
    'GET /user/pack/detail/9': { pack: pack() },
    'GET /user/play_safety': answers.playSafety ?? ADULT_STATUS,
    'POST /user/birth_date': record(answers.birthDate ?? {}),
    'POST /user/gmo_token': record(answers.tokenRequest ?? TOKEN_REQUEST),
    'POST /user/point/buy': record(answers.buy ?? { result: '1', payment_id: 31, receipt_number: '', url: '' }),
    'POST /user/gmo_result': record(answers.gmoResult ?? outcome({ pay_id: '1' })),
    'GET /user/button_signature*': record({
      signature: 'sig',
      payloadJSON: '{}',
      checkout_url: 'http://shop.test/sandbox/pay/checkout',
      button_url: 'http://shop.test/sandbox/pay/checkout?payloadJSON=%7B%7D&signature=sig',
      public_key_id: 'sandbox-key',
      store_id: 'sandbox-store',
    }),
    'GET /user/set_checkout_session/*': record({ result: '1', checkout_session_id: 'cs_1' }),
    'GET /user/get_checkout_session': record({ payMethod: 'JCB ****0000', checkout_session_id: 'cs_1' }),
  });
  renderAt(path, <ConfirmBuyPointScreen />, { extraRoutes: targets });
  return calls;
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');

function fillCard(number = '4111111111111111') {
  for (let box = 0; box < 4; box += 1) {
    fireEvent.change(screen.getByTestId(`card-number-${box + 1}`), { target: { value: number.slice(box * 4, box * 4 + 4) } });
  }
  fireEvent.change(screen.getByTestId('card-month'), { target: { value: '12' } });
  fireEvent.change(screen.getByTestId('card-year'), { target: { value: '30' } });
  fireEvent.change(screen.getByTestId('card-cvc'), { target: { value: '123' } });
  fireEvent.change(screen.getByTestId('card-name'), { target: { value: 'TARO YAMADA' } });
}

async function choose(payId: string) {
  fireEvent.click(await screen.findByTestId(`pay-method-radio-${payId}`));
}

const submit = () => fireEvent.click(screen.getByTestId('pay-submit'));
const where = async () => (await screen.findByTestId('where')).textContent;

describe('/confirm-buy-point', () => {
  it('opens the course with the pack, shows points and price, and defaults to the first method', async () => {
    const calls = renderConfirm();
    expect((await screen.findByTestId('confirm-points')).textContent).toBe('3,000P');
    expect(screen.getByTestId('confirm-price').textContent).toBe('¥3,300');
    expect((screen.getByTestId('pay-method-radio-1') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('card-fields')).toBeDefined();
    expect(calls.map((call) => call.path)).toEqual(['/user/point_price/detail/2?pack_id=9', '/user/pay_style?point_price_id=2']);
  });

  it('cancel goes back to the courses keeping packId', async () => {
    renderConfirm();
    fireEvent.click(await screen.findByTestId('pay-cancel'));
    expect(await where()).toBe('/buy-point?packId=9');
  });

  it('goes back to the courses without a course id', async () => {
    renderConfirm('/confirm-buy-point?packId=9');
    expect(await where()).toBe('/buy-point?packId=9');
  });

  it('card: tokenized at the provider, only the token reaches the shop, the result check picks the screen', async () => {
    const calls = renderConfirm();
    await screen.findByTestId('card-fields');
    fillCard();
    submit();
    expect(await where()).toBe('/complete-carrier?payment_id=31&pay_id=1');
    expect(tokenizer.getToken).toHaveBeenCalledWith(
      { card_number: '4111111111111111', limit_month: '12', limit_year: '30', cvc: '123', card_name: 'TARO YAMADA' },
      { shopId: 'oripa-sandbox-shop', tokenUrl: '/sandbox/pay/v1/tokens' },
    );
    expect(posts(calls).map((call) => [call.path, call.payload])).toEqual([
      ['/user/gmo_token', { pay_id: 1, pay_type: 1, point_price_id: 2 }],
      ['/user/point/buy', { pay_id: 1, point_price_id: 2, pack_id: 9, token: 'tok_card' }],
      ['/user/gmo_result', { id: 31, pay_type: 1 }],
    ]);
    for (const call of calls) expect(call.body).not.toContain('4111');
  });

  it('card: a failed result check lands on /error-carrier', async () => {
    renderConfirm(undefined, { gmoResult: outcome({ result: '0', pay_id: '1', payment_state: 'failed' }) });
    await screen.findByTestId('card-fields');
    fillCard();
    submit();
    expect(await where()).toBe('/error-carrier?payment_id=31&pay_id=1');
  });

  it('card: a tokenizer code shows under its field and nothing is bought', async () => {
    tokenizer.getToken.mockResolvedValueOnce({ resultCode: '1301' });
    const calls = renderConfirm();
    await screen.findByTestId('card-fields');
    fillCard('4111111111111112');
    submit();
    expect((await screen.findByTestId('card-number-error')).textContent).toBe('カード番号が正しくありません。');
    expect(screen.getByTestId('pay-alert-message').textContent).toBe('カード番号が正しくありません。');
    expect(posts(calls).map((call) => call.path)).toEqual(['/user/gmo_token']);
  });

  it('card: a declined card shows the card-company text; 3-D Secure sends the browser to /api/acs/secure', async () => {
    const declined = {
      state: 400,
      result: '0',
      payment_id: 40,
      errors: { card: ['決済に失敗しました。クレジットカードの状態をご確認いただくか、カード会社にお問い合わせください。'] },
    };
    renderConfirm(undefined, { buy: declined });
    await screen.findByTestId('card-fields');
    fillCard();
    submit();
    expect((await screen.findByTestId('pay-alert-message')).textContent).toContain('クレジットカードの状態をご確認');
    expect(screen.getByTestId('card-error').textContent).toContain('カード会社にお問い合わせください');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('card: result 7 is a page load of the 3-D Secure challenge', async () => {
    renderConfirm(undefined, { buy: { result: '7', payment_id: 41, receipt_number: '', url: '/api/acs/secure?ref=sbx_1' } });
    await screen.findByTestId('card-fields');
    fillCard();
    submit();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/api/acs/secure?ref=sbx_1'));
    expect((screen.getByTestId('pay-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('bank transfer: the server’s katakana error shows under the name field, then the transfer page', async () => {
    let attempt = 0;
    const calls = renderConfirm(undefined, {
      buy: () => {
        attempt += 1;
        return attempt === 1
          ? { state: 400, result: '0', errors: { name: ['口座名義は全角カタカナで入力してください。'] } }
          : { result: '1', payment_id: 32, receipt_number: '', url: '/bank-transfer-information?payment_id=32' };
      },
    });
    await choose('4');
    fireEvent.change(screen.getByTestId('bank-name'), { target: { value: 'やまだ' } });
    submit();
    expect((await screen.findByTestId('bank-name-field-error')).textContent).toBe('口座名義は全角カタカナで入力してください。');
    expect(screen.getByTestId('pay-alert-message').textContent).toBe('口座名義は全角カタカナで入力してください。');
    fireEvent.click(screen.getByTestId('pay-alert-ok'));
    fireEvent.change(screen.getByTestId('bank-name'), { target: { value: 'ヤマダ' } });
    submit();
    expect(await where()).toBe('/bank-transfer-information?payment_id=32');
    expect(posts(calls).map((call) => call.payload)).toEqual([
      { pay_id: 4, point_price_id: 2, pack_id: 9, name: 'やまだ' },
      { pay_id: 4, point_price_id: 2, pack_id: 9, name: 'ヤマダ' },
    ]);
  });

  it('the Enter that confirms a kana conversion sends nothing; a plain Enter submits', async () => {
    const calls = renderConfirm(undefined, {
      buy: { result: '1', payment_id: 32, receipt_number: '', url: '/bank-transfer-information?payment_id=32' },
    });
    await choose('4');
    const name = screen.getByTestId('bank-name');
    fireEvent.change(name, { target: { value: 'ヤマダ' } });
    fireEvent.keyDown(name, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(name, { key: 'Enter', keyCode: 229 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posts(calls)).toHaveLength(0);
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(await where()).toBe('/bank-transfer-information?payment_id=32');
    expect(posts(calls)).toHaveLength(1);
  });

  it('convenience store: the chain code is sent and a receipt number leads to /confirm-combini', async () => {
    const calls = renderConfirm(undefined, {
      buy: (request) =>
        JSON.parse(request.body?.get('json') ?? '{}').combini_code
          ? { result: '1', payment_id: 33, receipt_number: '1234567890123', url: '/confirm-combini?payment_id=33' }
          : { state: 400, result: '0', errors: { combini_code: ['お支払いするコンビニを選択してください。'] } },
    });
    await choose('2');
    submit();
    expect((await screen.findByTestId('combini-error')).textContent).toBe('お支払いするコンビニを選択してください。');
    fireEvent.click(screen.getByTestId('pay-alert-ok'));
    fireEvent.click(screen.getByTestId('combini-sej'));
    expect(screen.queryByTestId('combini-error')).toBeNull();
    submit();
    expect(await where()).toBe('/confirm-combini?payment_id=33');
    expect(posts(calls)[1]?.payload).toEqual({ pay_id: 2, point_price_id: 2, pack_id: 9, combini_code: 'sej' });
  });

  it('carrier billing: the carrier is sent and the provider’s full address is a page load', async () => {
    const calls = renderConfirm(undefined, {
      buy: { result: '1', payment_id: 34, receipt_number: '', url: 'https://pay.example/consent/sbx_2' },
    });
    await choose('6');
    fireEvent.click(screen.getByTestId('carrier-au'));
    submit();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/consent/sbx_2'));
    expect(posts(calls)[0]?.payload).toEqual({ pay_id: 6, point_price_id: 2, pack_id: 9, carrier_id: 'au' });
  });

  it('a wallet: a local address is followed inside the app', async () => {
    renderConfirm(undefined, { buy: { result: '1', payment_id: 35, receipt_number: '', url: '/pay-redirect?payment_id=35&pay_id=5' } });
    await choose('5');
    submit();
    expect(await where()).toBe('/pay-redirect?payment_id=35&pay_id=5');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('mobile payment: a mobile token without card data, then the QR page', async () => {
    const calls = renderConfirm(undefined, {
      tokenRequest: { ...TOKEN_REQUEST, pay_type: '8' },
      buy: { result: '1', payment_id: 36, receipt_number: '', url: 'http://localhost:3000/sandbox/pay/consent/sbx_3' },
    });
    await choose('8');
    submit();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/pay/consent/sbx_3'));
    expect(tokenizer.getMobileToken).toHaveBeenCalledWith({ shopId: 'oripa-sandbox-shop', tokenUrl: '/sandbox/pay/v1/tokens' });
    expect(posts(calls).map((call) => call.payload)).toEqual([
      { pay_id: 8, pay_type: 8, point_price_id: 2 },
      { pay_id: 8, point_price_id: 2, pack_id: 9, token: 'tok_mobile' },
    ]);
  });

  it('url "1" shows the success alert, then the completion screen', async () => {
    renderConfirm(undefined, { buy: { result: '1', payment_id: 37, receipt_number: '', url: '1' } });
    await choose('12');
    submit();
    expect((await screen.findByTestId('pay-alert-message')).textContent).toBe('決済が完了し、ポイントに反映されました。');
    fireEvent.click(screen.getByTestId('pay-alert-ok'));
    expect(await where()).toBe('/complete-buy-point?payment_id=37&pay_id=12');
  });

  it('checkout wallet: starts at the wallet with the signed button', async () => {
    const calls = renderConfirm();
    await choose('3');
    submit();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('http://shop.test/sandbox/pay/checkout?payloadJSON=%7B%7D&signature=sig'));
    expect(calls.some((call) => call.path === '/user/button_signature?point_price_id=2')).toBe(true);
  });

  it('checkout wallet: back with a session, shows the chosen method and orders with it', async () => {
    const calls = renderConfirm('/confirm-buy-point?pointPriceId=2&packId=9&amazonCheckoutSessionId=cs_1', {
      buy: { result: '1', payment_id: 38, receipt_number: '', url: 'https://pay.example/consent/cs_1' },
    });
    expect((await screen.findByTestId('checkout-method')).textContent).toBe('JCB ****0000');
    expect((screen.getByTestId('pay-method-radio-3') as HTMLInputElement).checked).toBe(true);
    submit();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/consent/cs_1'));
    expect(calls.map((call) => call.path)).toContain('/user/set_checkout_session/cs_1');
    expect(posts(calls)[0]?.payload).toEqual({ pay_id: 3, point_price_id: 2, pack_id: 9, checkout_session_id: 'cs_1' });
  });
});

describe('/confirm-buy-point asks the birth date first (decision 037)', () => {
  const NONE = { play_safety: { ...ADULT_STATUS.play_safety, birth_date: null, age: null } };
  const minorDate = () => `${new Date().getFullYear() - 15}-01-01`;

  it('shows the birth date form instead of the methods, then the methods once it is saved', async () => {
    let saved = false;
    const calls = renderConfirm(undefined, {
      playSafety: () => (saved ? ADULT_STATUS : NONE),
      birthDate: {},
    });
    expect(await screen.findByTestId('age-gate')).toBeTruthy();
    expect(screen.queryByTestId('pay-submit')).toBeNull();
    fireEvent.change(screen.getByTestId('birth-date'), { target: { value: '1990-01-01' } });
    expect(screen.queryByTestId('minor-notice')).toBeNull();
    saved = true;
    fireEvent.click(screen.getByTestId('birth-date-save'));
    expect(await screen.findByTestId('pay-submit')).toBeTruthy();
    expect(posts(calls).find((c) => c.path === '/user/birth_date')?.payload).toEqual({ birth_date: '1990-01-01', guardian_consent: '0' });
  });

  it('tells a minor a guardian must consent and sends the confirmation; the server’s message shows under the box', async () => {
    const calls = renderConfirm(undefined, {
      playSafety: NONE,
      birthDate: { state: 400, errors: { guardian_consent: ['保護者の同意が必要です'] } } as never,
    });
    fireEvent.change(await screen.findByTestId('birth-date'), { target: { value: minorDate() } });
    expect(screen.getByTestId('minor-notice').textContent).toContain('保護者');
    fireEvent.click(screen.getByTestId('guardian-consent'));
    fireEvent.click(screen.getByTestId('birth-date-save'));
    expect(await screen.findByText('保護者の同意が必要です')).toBeTruthy();
    expect(posts(calls).find((c) => c.path === '/user/birth_date')?.payload).toEqual({ birth_date: minorDate(), guardian_consent: '1' });
  });

  it('shows a minor what is left of the month’s cap above the methods', async () => {
    renderConfirm(undefined, {
      playSafety: { play_safety: { ...ADULT_STATUS.play_safety, age: 15, minor: true, monthly_cap: 5000, cap_left: 600, spent_this_month: 4400 } },
    });
    const note = await screen.findByTestId('minor-cap-note');
    expect(note.textContent).toContain('600円');
    expect(note.textContent).toContain('5,000円');
    expect(await screen.findByTestId('pay-submit')).toBeTruthy();
  });
});
