import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { consoleMe, presetRoles } from '../test-console-me.ts';
import { installAdminTexts } from '../admin-texts.ts';
import { OperatorsScreen } from './operators-screen.tsx';
import { PaymentsScreen } from './payments-screen.tsx';

// Issue 27's console bugs: the payments filter opened on 「サイト外の入金」 (so a search found no
// card payments), and the operator form fell back to オーナー after an add (so the next add made
// an owner). Both were select defaults the former UI layer ignored; these pin them.

const me = consoleMe('owner');

beforeAll(() => installAdminTexts());

describe('console form defaults', () => {
  it('the payments filter opens on every method and every state, and its search asks for all', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /admin/me': me,
      'GET /admin/payments*': ({ path }: { path: string }) => {
        asked.push(path);
        return { payments: [], more: false };
      },
    } as never);
    renderAt('/admin/payments', <PaymentsScreen />);
    const method = (await screen.findByLabelText('支払い方法')) as HTMLSelectElement;
    expect(method.value).toBe('');
    expect(method.selectedOptions[0]?.textContent).not.toBe('サイト外の入金');
    expect((screen.getByLabelText('状態') as HTMLSelectElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(1));
    expect(asked.every((p) => !/[?&]method=/.test(p))).toBe(true);
  });

  it('the new-operator form offers スタッフ again after an operator is added', async () => {
    mockApi({
      'GET /admin/me': me,
      'GET /admin/operators': { operators: [] },
      'GET /admin/roles': presetRoles(),
      'POST /admin/operators/create': {
        one_time_password: 'abcd-efgh-ijkl',
        operator: { id: 2, mail: 'new@example.com', name: '新人', role: 'staff', disabled: false, totp_enrolled: false, last_login_at: null },
      },
    } as never);
    renderAt('/admin/operators', <OperatorsScreen />);
    const role = (await screen.findByLabelText('権限', { selector: 'select#new-operator-role' })) as HTMLSelectElement;
    expect(role.value).toBe('staff');
    fireEvent.change(screen.getByLabelText('メールアドレス'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('名前'), { target: { value: '新人' } });
    fireEvent.click(screen.getByRole('button', { name: '追加' }));
    await screen.findByTestId('one-time-password');
    expect(role.value).toBe('staff');
  });
});
