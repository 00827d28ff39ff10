import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, mockApi, renderAt } from '@/test-utils.tsx';
import { MailPreferences } from './mail-preferences.tsx';

const ALL_ON = [
  { kind: 'pack_summary' as const, on: true },
  { kind: 'decision_summary' as const, on: true },
  { kind: 'payment_reminder' as const, on: true },
  { kind: 'points_expiring' as const, on: true },
];

describe('mail switches on the member info page', () => {
  it('lists the optional mails and saves a switched-off one at once', async () => {
    const posted: unknown[] = [];
    mockApi({
      'GET /user/mail_preferences': { preferences: ALL_ON },
      'POST /user/mail_preferences': ({ body }) => {
        const payload = JSON.parse(body?.get('json') ?? '{}') as { off: string[] };
        posted.push(payload);
        return { preferences: ALL_ON.map((p) => ({ ...p, on: !payload.off.includes(p.kind) })) };
      },
    });
    renderAt('/change-member', <MailPreferences />, { queryClient: createTestQueryClient() });
    const pack = (await screen.findByTestId('mail-pack_summary')) as HTMLInputElement;
    expect(pack.checked).toBe(true);
    expect(screen.getByText('パック購入のご確認')).toBeTruthy();
    fireEvent.click(pack);
    await waitFor(() => expect(posted).toEqual([{ off: ['pack_summary'] }]));
    await waitFor(() =>
      expect((screen.getByTestId('mail-pack_summary') as HTMLInputElement).checked).toBe(false),
    );
    expect(screen.getByRole('status').textContent).toBe('設定を保存しました。');
  });

  it('says so when the save is refused', async () => {
    mockApi({
      'GET /user/mail_preferences': { preferences: ALL_ON },
      'POST /user/mail_preferences': { state: 400, errors: { off: ['invalid'] } },
    });
    renderAt('/change-member', <MailPreferences />, { queryClient: createTestQueryClient() });
    fireEvent.click(await screen.findByTestId('mail-points_expiring'));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '設定を保存できませんでした。もう一度お試しください。',
      ),
    );
    expect((screen.getByTestId('mail-points_expiring') as HTMLInputElement).checked).toBe(true);
  });
});
