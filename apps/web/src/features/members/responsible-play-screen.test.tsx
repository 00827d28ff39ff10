import type { PlayLimits } from '@oripa/contract/play-limits';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderAt, type ApiRequest } from '@/test-utils.tsx';
import { ResponsiblePlayScreen } from './responsible-play-screen.tsx';

const payloadOf = (request: ApiRequest) => JSON.parse(request.body?.get('json') ?? '{}') as Record<string, unknown>;

const BASE: PlayLimits = {
  daily: { limit: 3000, pending: null, spent: 1100, left: 1900, resets_at: '2026-11-27T15:00:00.000Z' },
  monthly: { limit: null, pending: null, spent: 4400, left: null, resets_at: '2026-11-30T15:00:00.000Z' },
  pause: null,
  history: [
    {
      kind: 'daily_limit',
      amount: 3000,
      period: null,
      effective_from: '2026-11-27T01:00:00.000Z',
      until: null,
      actor: 'member',
      reason: null,
      created_at: '2026-11-27T01:00:00.000Z',
    },
  ],
};

describe('/responsible-play: the member’s own limits and pauses (decision 043)', () => {
  it('shows the spending, the limits with what is left and when they reset, and the history (Japan time)', async () => {
    mockApi({ 'GET /user/play_limits': { play_limits: BASE } });
    renderAt('/responsible-play', <ResponsiblePlayScreen />);
    expect((await screen.findByTestId('play-daily_limit-spent')).textContent).toBe('1,100円');
    expect(screen.getByTestId('play-daily_limit-current').textContent).toBe('3,000円 残り 1,900円（2026/11/28 00:00（日本時間）にリセット）');
    expect(screen.getByTestId('play-monthly_limit-current').textContent).toBe('上限なし');
    expect((screen.getByLabelText('1日の上限') as HTMLInputElement).value).toBe('3000');
    expect((screen.getByLabelText('1か月の上限') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('play-history-row').textContent).toContain('1日の上限: 3,000円');
    expect(screen.getByTestId('play-history-row').textContent).toContain('ご本人');
    expect(screen.queryByTestId('play-paused')).toBeNull();
  });

  it('sends both limits, then shows the raise waiting 24 hours with the time it applies', async () => {
    const sent: Record<string, unknown>[] = [];
    const raised: PlayLimits = {
      ...BASE,
      daily: { ...BASE.daily, pending: { amount: 10_000, from: '2026-11-28T03:30:00.000Z' } },
    };
    mockApi({
      'GET /user/play_limits': { play_limits: BASE },
      'POST /user/play_limits': (request) => {
        sent.push(payloadOf(request));
        return { play_limits: raised };
      },
    });
    renderAt('/responsible-play', <ResponsiblePlayScreen />);
    fireEvent.change(await screen.findByLabelText('1日の上限'), { target: { value: '10000' } });
    fireEvent.click(screen.getByTestId('play-limits-save'));
    expect((await screen.findByTestId('play-daily_limit-pending')).textContent).toBe('2026/11/28 12:30（日本時間）から 10,000円 に変わります');
    expect(sent).toEqual([{ daily_limit: '10000', monthly_limit: '' }]);
    expect(screen.getByTestId('play-limits-saved').textContent).toBe('保存しました。');
    // The limit that applies until then is still the lower one.
    expect(screen.getByTestId('play-daily_limit-current').textContent).toContain('3,000円');
  });

  it('shows the server’s refusal under the field', async () => {
    mockApi({
      'GET /user/play_limits': { play_limits: BASE },
      'POST /user/play_limits': { state: 400, errors: { daily_limit: ['上限は0円から10,000,000円までの整数で入力してください（空欄は上限なし）。'] } },
    });
    renderAt('/responsible-play', <ResponsiblePlayScreen />);
    fireEvent.change(await screen.findByLabelText('1日の上限'), { target: { value: '99999999' } });
    fireEvent.click(screen.getByTestId('play-limits-save'));
    expect((await screen.findByRole('alert')).textContent).toContain('10,000,000円');
    expect(screen.queryByTestId('play-limits-saved')).toBeNull();
  });

  it('asks for confirmation before a time-out, then shows until when purchases are stopped', async () => {
    const sent: Record<string, unknown>[] = [];
    mockApi({
      'GET /user/play_limits': { play_limits: BASE },
      'POST /user/play_pause': (request) => {
        sent.push(payloadOf(request));
        return { play_limits: { ...BASE, pause: { kind: 'timeout', until: '2026-12-04T03:00:00.000Z' } } };
      },
    });
    renderAt('/responsible-play', <ResponsiblePlayScreen />);
    const submit = (await screen.findByTestId('pause-submit')) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('pause-7d'));
    fireEvent.click(submit);
    expect((await screen.findByRole('dialog')).textContent).toContain('途中で解除や短縮はできません');
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByTestId('pause-confirm'));
    expect((await screen.findByTestId('play-paused')).textContent).toBe('タイムアウト中です。2026/12/04 12:00（日本時間）までポイントとパックは購入できません。');
    expect(sent).toEqual([{ period: '7d' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
