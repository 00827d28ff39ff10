import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { consoleMe } from '../test-console-me.ts';
import { installAdminTexts } from '../admin-texts.ts';
import { InvoiceScreen } from './invoice-screen.tsx';

// Issue 26 point 5: the registration number is an owner's setting; the server's refusal of a
// wrong check digit shows under the field, and staff see the number without a way to change it.

const me = (role: 'owner' | 'staff') => consoleMe(role);
const WRONG = '登録番号は「T」と13桁の数字で入力してください。先頭の数字（検査用数字）が合いません（例: T7000012050002）。';

beforeAll(() => installAdminTexts());
afterEach(() => vi.restoreAllMocks());

describe('/admin/invoice', () => {
  it('shows the server’s refusal under the field, then saves a valid number', async () => {
    let stored = '';
    mockApi({
      'GET /admin/me': me('owner'),
      'GET /admin/invoice': () => ({ registration_number: stored }),
      'POST /admin/invoice': ({ body }: { body: URLSearchParams | null }) => {
        const sent = (JSON.parse(body?.get('json') ?? '{}') as { registration_number: string }).registration_number;
        if (sent !== 'T7000012050002') return { state: 400, errors: { registration_number: [WRONG] } };
        stored = sent;
        return { registration_number: sent };
      },
    } as never);
    renderAt('/admin/invoice', <InvoiceScreen />);
    expect((await screen.findByTestId('invoice-current')).textContent).toContain('未設定');
    const input = screen.getByLabelText('登録番号');
    fireEvent.change(input, { target: { value: 'T8000012050002' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(WRONG)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'T7000012050002' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByTestId('invoice-current').textContent).toContain('T7000012050002'));
    expect(screen.getByRole('status').textContent).toBe('保存しました。');
  });

  it('lets staff see the number but not change it', async () => {
    mockApi({ 'GET /admin/me': me('staff'), 'GET /admin/invoice': { registration_number: 'T7000012050002' } } as never);
    renderAt('/admin/invoice', <InvoiceScreen />);
    await waitFor(() => expect((screen.getByLabelText('登録番号') as HTMLInputElement).disabled).toBe(true));
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.getByText('登録番号の変更はオーナーのみ行えます。')).toBeTruthy();
  });
});
