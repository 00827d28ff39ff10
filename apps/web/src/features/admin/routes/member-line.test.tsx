import type { MemberDetail } from '@oripa/contract/admin-members';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { installAdminTexts } from '../admin-texts.ts';
import { MemberLine } from './member-line.tsx';

// Decision 062: support sees the member's LINE link and unlinks it with a reason; a LINE-only
// member is unlinked only with the password-reset mail (ticked for them), and the server's
// refusal shows when it is unticked.

const NEEDS_RESET = 'この会員はLINEでしかログインできません。パスワード再発行メールを同時に送る場合のみ連携を解除できます。';

beforeAll(() => installAdminTexts());
afterEach(() => vi.restoreAllMocks());

const memberWith = (line: MemberDetail['line']) => ({ member: { id: 7 }, line }) as unknown as MemberDetail;

describe('the member page’s LINE link', () => {
  it('shows a LINE-only member’s link, refuses to unlink without the reset mail, then unlinks with it', async () => {
    const sent: unknown[] = [];
    mockApi({
      'POST /admin/members/line_unlink': ({ body }: { body: URLSearchParams | null }) => {
        const payload = JSON.parse(body?.get('json') ?? '{}') as { send_reset: boolean };
        sent.push(payload);
        if (!payload.send_reset) return { state: 400, errors: { send_reset: [NEEDS_RESET] } };
        return { reset_mail: true };
      },
    } as never);
    renderAt('/admin/members/7', <MemberLine m={memberWith({ display_name: 'LINE太郎', linked_at: '2026-11-27T01:00:00.000Z', has_password: false })} canUnlink />);
    expect(screen.getByText('LINE太郎')).toBeTruthy();
    expect(screen.getByText('なし（LINEでのみログイン）')).toBeTruthy();
    const box = screen.getByLabelText('パスワード再発行メールを会員に送る') as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    fireEvent.change(screen.getByLabelText('理由（操作ログに残ります）'), { target: { value: 'LINEを紛失' } });
    fireEvent.click(screen.getByRole('button', { name: 'LINE連携を解除' }));
    expect(await screen.findByText(NEEDS_RESET)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('パスワード再発行メールを会員に送る'));
    fireEvent.click(screen.getByRole('button', { name: 'LINE連携を解除' }));
    await waitFor(() => expect(screen.getByTestId('line-unlinked').textContent).toBe('LINE連携を解除し、パスワード再発行メールを送りました。'));
    expect(sent).toEqual([
      { user_id: 7, reason: 'LINEを紛失', send_reset: false },
      { user_id: 7, reason: 'LINEを紛失', send_reset: true },
    ]);
  });

  it('offers no unlink to an operator without the permission, and says when nothing is linked', () => {
    const { unmount } = renderAt('/admin/members/7', <MemberLine m={memberWith({ display_name: 'Hanako', linked_at: '2026-11-27T01:00:00.000Z', has_password: true })} canUnlink={false} />);
    expect(screen.getByText('Hanako')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'LINE連携を解除' })).toBeNull();
    unmount();
    renderAt('/admin/members/7', <MemberLine m={memberWith(null)} canUnlink />);
    expect(screen.getByTestId('member-line-none').textContent).toBe('LINEアカウントは連携されていません。');
  });
});
