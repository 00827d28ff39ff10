import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { installAdminTexts } from '../admin-texts.ts';
import { consoleMe, presetRoles } from '../test-console-me.ts';
import { RolesMatrix } from './roles-matrix.tsx';

// Issue 27 point 1 (decision 049): the owner sees each role's permissions as a readable matrix,
// changes them and the compensation limits; each role is saved as a whole set.

beforeAll(() => installAdminTexts());

type Sent = { role: string; permissions: string[]; compensation_points: string; compensation_coins: string };

describe('the roles matrix', () => {
  it('shows permissions in words by area, and saves a role without a permission and with a new limit', async () => {
    const sent: Sent[] = [];
    mockApi({
      'GET /admin/me': consoleMe('owner'),
      'GET /admin/roles': presetRoles(),
      'POST /admin/roles/save': ({ body }: { body: URLSearchParams | null }) => {
        sent.push(JSON.parse(body?.get('json') ?? '{}') as Sent);
        return presetRoles();
      },
    } as never);
    renderAt('/admin/operators', <RolesMatrix />);
    const matrix = await screen.findByTestId('roles-matrix');
    // Words, not codes: areas and actions in Japanese, managing operators the owner's alone.
    for (const text of ['会員', '発送', '会員にメモを残す', 'ポイント・コインを補償する（上限内）', '会員の荷物と伝票番号を見る', '返金する']) {
      expect(within(matrix).getAllByText(text).length, text).toBeGreaterThan(0);
    }
    expect(matrix.textContent).not.toContain('members.note');
    expect(within(matrix).getAllByText('オーナーのみ')).toHaveLength(2);

    const note = screen.getByLabelText('サポート：会員にメモを残す') as HTMLInputElement;
    expect(note.checked).toBe(true);
    expect((screen.getByLabelText('スタッフ：会員にメモを残す') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(note);
    expect(note.checked).toBe(false);
    expect(within(note.closest('td')!).getByTitle('初期設定から変更')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('サポート：ポイント'), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByText('保存しました。');
    const support = sent.find((s) => s.role === 'support')!;
    expect(support.permissions).not.toContain('members.note');
    expect(support.permissions).toContain('members.compensate');
    expect(support.compensation_points).toBe('3000');
    expect(sent.find((s) => s.role === 'staff')!.permissions).toEqual(presetRoles().roles[0]!.permissions);
  });

  it('shows the server’s refusal of a limit under its field', async () => {
    mockApi({
      'GET /admin/me': consoleMe('owner'),
      'GET /admin/roles': presetRoles(),
      'POST /admin/roles/save': ({ body }: { body: URLSearchParams | null }) => {
        const s = JSON.parse(body?.get('json') ?? '{}') as Sent;
        return s.role === 'support' && s.compensation_coins === 'abc'
          ? { state: 400, errors: { compensation_coins: ['0以上の数で入力してください（コインは小数第2位まで）。'] } }
          : presetRoles();
      },
    } as never);
    renderAt('/admin/operators', <RolesMatrix />);
    fireEvent.change(await screen.findByLabelText('サポート：コイン'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByText('0以上の数で入力してください（コインは小数第2位まで）。')).toBeTruthy());
    expect(screen.queryByText('保存しました。')).toBeNull();
  });
});
