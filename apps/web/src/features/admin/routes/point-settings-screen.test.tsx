import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { consoleMe } from '../test-console-me.ts';
import { installAdminTexts } from '../admin-texts.ts';
import { PointSettingsScreen } from './point-settings-screen.tsx';

// Decision 055: owners turn the login bonus on, set its points and the free points' lifetime;
// the server's refusal shows under its field; other roles see the settings without changing them.

const RANGE = '無償ポイントの有効期限は1〜180日で入力してください（有償ポイントの6か月を超えられません）。';

beforeAll(() => installAdminTexts());
afterEach(() => vi.restoreAllMocks());

describe('/admin/point-settings', () => {
  it('sends the switch and the numbers, shows a refusal under its field, then saves', async () => {
    let stored = { login_bonus_enabled: false, login_bonus_points: 10, free_point_days: 90 };
    const sent: unknown[] = [];
    mockApi({
      'GET /admin/me': consoleMe('owner'),
      'GET /admin/point_settings': () => ({ settings: stored }),
      'POST /admin/point_settings': ({ body }: { body: URLSearchParams | null }) => {
        const payload = JSON.parse(body?.get('json') ?? '{}') as { login_bonus_enabled: boolean; login_bonus_points: string; free_point_days: string };
        sent.push(payload);
        if (Number(payload.free_point_days) > 180) return { state: 400, errors: { free_point_days: [RANGE] } };
        stored = { login_bonus_enabled: payload.login_bonus_enabled, login_bonus_points: Number(payload.login_bonus_points), free_point_days: Number(payload.free_point_days) };
        return { settings: stored };
      },
    } as never);
    renderAt('/admin/point-settings', <PointSettingsScreen />);
    const days = await screen.findByLabelText('無償ポイントの有効期限（付与から何日、1〜180）');
    fireEvent.click(screen.getByLabelText('ログインボーナスを付与する'));
    fireEvent.change(screen.getByLabelText('ログインボーナスのポイント（1〜10,000）'), { target: { value: '30' } });
    fireEvent.change(days, { target: { value: '365' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(RANGE)).toBeTruthy();
    fireEvent.change(days, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('保存しました。'));
    expect(sent).toEqual([
      { login_bonus_enabled: true, login_bonus_points: '30', free_point_days: '365' },
      { login_bonus_enabled: true, login_bonus_points: '30', free_point_days: '60' },
    ]);
    expect(stored).toEqual({ login_bonus_enabled: true, login_bonus_points: 30, free_point_days: 60 });
  });

  it('lets staff see the settings but not change them', async () => {
    mockApi({ 'GET /admin/me': consoleMe('staff'), 'GET /admin/point_settings': { settings: { login_bonus_enabled: true, login_bonus_points: 5, free_point_days: 30 } } } as never);
    renderAt('/admin/point-settings', <PointSettingsScreen />);
    await waitFor(() => expect((screen.getByLabelText('ログインボーナスを付与する') as HTMLInputElement).disabled).toBe(true));
    expect((screen.getByLabelText('ログインボーナスを付与する') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.getByText('変更はオーナーのみ行えます。')).toBeTruthy();
  });
});
