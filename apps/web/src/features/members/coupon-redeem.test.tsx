import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { createTestQueryClient, MEMBER, mockApi, renderAt } from '@/test-utils.tsx';
import { CouponRedeem } from './coupon-redeem.tsx';

// Decision 059: the member types a code on my page; a refusal shows under the field as the server
// wrote it, a credit says how many free points until when and reads the balance again.

const USED = 'このコードはすでにご利用済みです（お一人様1回まで）。';

describe('the coupon field on my page', () => {
  it('shows the server’s refusal under the field, then the credit, and refreshes the balance', async () => {
    const sent: string[] = [];
    mockApi({
      'GET /user/point': MEMBER,
      'POST /user/coupon': ({ body }: { body: URLSearchParams | null }) => {
        const code = (JSON.parse(body?.get('json') ?? '{}') as { code: string }).code;
        sent.push(code);
        if (code === 'USED1') return { state: 409, errors: { code: [USED] } };
        return { point: 300, expires: '2027-02-26T15:00:00.000Z', balance: 300, name: '' };
      },
    } as never);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
    renderAt('/my-page', <CouponRedeem />, { queryClient });
    const input = screen.getByLabelText('コードを入力');
    expect((screen.getByRole('button', { name: '使う' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'USED1' } });
    fireEvent.click(screen.getByRole('button', { name: '使う' }));
    expect((await screen.findByTestId('coupon-error')).textContent).toBe(USED);
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: 'welcome-300' } });
    fireEvent.click(screen.getByRole('button', { name: '使う' }));
    await waitFor(() => expect(screen.getByTestId('coupon-done').textContent).toBe('300P（無償ポイント）を受け取りました。有効期限：2027/02/27 00:00'));
    expect(screen.queryByTestId('coupon-error')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('');
    expect(sent).toEqual(['USED1', 'welcome-300']);
    // The header's balance is read again (it is stale now; its screen refetches it).
    expect(queryClient.getQueryState(CURRENT_USER_KEY)?.isInvalidated).toBe(true);
  });
});
