import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { createTestQueryClient, MEMBER, mockApi, postedMember, renderAt, userDetail, type ApiRoutes } from '@/test-utils.tsx';
import { ChangeMemberScreen } from './change-member-screen.tsx';

export const DETAIL = userDetail();

function renderChangeMember(routes: ApiRoutes) {
  const fetchMock = mockApi({
    'GET /user/pref_list': { list: [{ id: 13, name: '東京都' }] },
    'GET /user/point': MEMBER,
    ...routes,
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
  const view = renderAt('/change-member', <ChangeMemberScreen />, { queryClient });
  return { ...view, fetchMock };
}

function calls(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => url === `/api${path}`)
    .map(([, init]) =>
      init?.body ? (JSON.parse(new URLSearchParams(String(init.body)).get('json') ?? '{}') as unknown) : null,
    );
}

function tel(): HTMLInputElement {
  return document.querySelector('input[name="tel"]') as HTMLInputElement;
}

describe('member information', () => {
  it('verifies the phone by SMS: confirm, send, wrong code under the box, then success', async () => {
    let endSms: 0 | 1 = 0;
    const { fetchMock } = renderChangeMember({
      'GET /user/detail': () => ({ ...DETAIL, end_sms: endSms }),
      'POST /user/send_sms': { expires_in: 600, resend_in: 60 },
      'POST /user/check_sms': ({ body }) => {
        const { sms_code: code } = JSON.parse(body?.get('json') ?? '{}') as { sms_code: string };
        if (code !== '123456')
          return { state: 400, errors: { sms_code: ['認証コードが正しくありません。'] } };
        endSms = 1;
        return { end_sms: 1 };
      },
    });

    fireEvent.click(await screen.findByTestId('sms-button'));
    expect(screen.getByTestId('confirm-message').textContent).toBe('SMSコードを送信しますか？');
    fireEvent.click(screen.getByTestId('confirm-yes'));

    const box = (await screen.findByTestId('sms-code')) as HTMLInputElement;
    expect(calls(fetchMock, '/user/send_sms')).toEqual([{ tel: '09012345678' }]);
    expect(box.maxLength).toBe(6);

    fireEvent.change(box, { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('sms-submit'));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('認証コードが正しくありません。')).toBeTruthy();
    // The code form inside the popup never saves the member information.
    expect(calls(fetchMock, '/user/change')).toEqual([]);

    fireEvent.change(box, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('sms-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('alert-message').textContent).toBe('SMS認証が完了しました。'),
    );
    expect(screen.queryByTestId('sms-code')).toBeNull();
    expect(calls(fetchMock, '/user/detail').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByTestId('sms-button')).toBeNull();
    expect(screen.getByTestId('sms-verified')).toBeTruthy();
    expect(tel().readOnly).toBe(true);
    fireEvent.click(screen.getByTestId('alert-ok'));
    expect(screen.queryByTestId('alert-message')).toBeNull();
  });

  it('alerts a refused send (errors.user_id) and keeps the popup closed', async () => {
    const wait = 'SMSの再送信は37秒後から可能です。';
    renderChangeMember({
      'GET /user/detail': DETAIL,
      'POST /user/send_sms': { state: 429, errors: { user_id: [wait] } },
    });
    fireEvent.click(await screen.findByTestId('sms-button'));
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getByTestId('alert-message').textContent).toBe(wait));
    expect(screen.queryByTestId('sms-code')).toBeNull();
  });

  it('has no SMS button and a read-only phone once verified', async () => {
    renderChangeMember({ 'GET /user/detail': { ...DETAIL, end_sms: 1 } });
    await screen.findByTestId('sms-verified');
    expect(screen.queryByTestId('sms-button')).toBeNull();
    expect(tel().readOnly).toBe(true);
  });

  it('saves the information, shows the server errors under the fields, then the success alert', async () => {
    let refuse = true;
    const { fetchMock } = renderChangeMember({
      'GET /user/detail': DETAIL,
      'POST /user/change': () =>
        refuse
          ? {
              state: 400,
              errors: {
                building: ['100文字以内で入力してください。'],
                mail: ['このメールアドレスは既に登録されています。'],
              },
            }
          : {},
    });
    await screen.findByTestId('change-member-form');
    expect(screen.getByText(/建物名・部屋番号は省略せずにご記入ください/)).toBeTruthy();
    expect(screen.getByText(/主要なフリーメールのご利用をおすすめします/)).toBeTruthy();
    expect(screen.getByTestId('referral-code').textContent).toBe('ABCD2345');

    fireEvent.change(document.querySelector('input[name="building"]') as HTMLInputElement, {
      target: { value: 'ヒカリエ 11F' },
    });
    fireEvent.click(screen.getByTestId('change-member-submit'));
    const fieldError = (name: string) =>
      screen.getByTestId(`field-${name}`).querySelector('.field-error')?.textContent;
    await waitFor(() => expect(fieldError('building')).toBe('100文字以内で入力してください。'));
    expect(fieldError('mail')).toBe('このメールアドレスは既に登録されています。');

    refuse = false;
    fireEvent.click(screen.getByTestId('change-member-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('alert-message').textContent).toBe('お客様情報を更新しました。'),
    );
    expect(fieldError('building')).toBeUndefined();
    expect(calls(fetchMock, '/user/change').at(-1)).toEqual(postedMember({ building: 'ヒカリエ 11F' }));
  });

  it('switches to an overseas address (pref_id 99 and a country)', async () => {
    const { fetchMock } = renderChangeMember({ 'GET /user/detail': DETAIL, 'POST /user/change': {} });
    fireEvent.click(await screen.findByTestId('region-overseas'));
    expect(document.querySelector('select[name="pref_id"]')).toBeNull();
    fireEvent.change(document.querySelector('input[name="country"]') as HTMLInputElement, {
      target: { value: 'France' },
    });
    fireEvent.click(screen.getByTestId('change-member-submit'));
    await screen.findByTestId('alert-message');
    expect(calls(fetchMock, '/user/change').at(-1)).toMatchObject({ pref_id: 99, country: 'France' });
  });
});
