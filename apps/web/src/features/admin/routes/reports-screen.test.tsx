import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { installAdminTexts } from '../admin-texts.ts';
import { ReportsScreen } from './reports-screen.tsx';

const figures = { sales_yen: 3300, points_sold: 3000, points_spent: 500, packs_drawn: 5, conversions: 3, conversion_points: 90, coins_used: '0.00' };
const packRow = { packs_sold: 5, points_spent: 500, coins_spent: '0', cards_won: 5, cards_converted: 3, points_returned: 90, cards_shipped: 2, sales_yen: 550, returned_yen: 99, prize_cost_yen: 60, cards_without_cost: 2, margin_yen: 391 };

beforeAll(() => installAdminTexts());

describe('/admin/reports', () => {
  it('shows the period and per-pack figures, refuses a backwards period under its field, and downloads a CSV', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /admin/reports/packs*': ({ path }: { path: string }) => {
        asked.push(path);
        return path.includes('from=2026-05-02')
          ? { state: 400, errors: { to: ['期間は開始日から終了日まで（終了日は開始日以降、366日まで）で指定してください。'] } }
          : { from: '2026-11-01', to: '2026-11-27', yen_per_point: 1.1, rate_assumed: false, packs: [{ pack_id: 7, name: '春パック', payment_method: '1', ...packRow }], totals: packRow };
      },
      'GET /admin/reports/period*': { from: '2026-11-01', to: '2026-11-27', figures: { ...figures, points_expired: 0, refunds_yen: 0 }, outstanding_points: 2590, base_dates: [], days: [] },
      'GET /admin/reports/file*': ({ path }: { path: string }) => {
        asked.push(path);
        return { filename: 'packs.csv', content_base64: btoa('a,b\r\n'), rows: 1 };
      },
    } as never);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderAt('/admin/reports?from=2026-11-01&to=2026-11-27', <ReportsScreen />);
    const table = await screen.findByTestId('report-packs');
    expect(asked[0]).toBe('/admin/reports/packs?from=2026-11-01&to=2026-11-27');
    expect(table.querySelector('tbody tr')?.textContent).toContain('#7 春パック');
    // Two cards have no cost: the cost and the margin are marked partial, and the screen says why.
    expect(table.querySelector('tbody tr')?.textContent).toContain('¥60 *');
    expect(table.querySelector('tbody tr')?.textContent).toContain('¥391 *');
    expect(screen.getByTestId('report-cost-partial').textContent).toContain('2枚のカードは賞品の原価が未入力');
    expect(screen.getByTestId('report-outstanding').textContent).toContain('2,590');
    expect(screen.getByText(/1ポイントあたりの販売額（1.1円）/)).toBeTruthy();
    expect(screen.queryByTestId('report-rate-assumed')).toBeNull();

    fireEvent.change(screen.getByLabelText('文字コード'), { target: { value: 'sjis' } });
    fireEvent.click(screen.getByTestId('report-file-packs'));
    await screen.findByText('1行のファイルをダウンロードしました。');
    expect(asked.at(-1)).toBe('/admin/reports/file?from=2026-11-01&to=2026-11-27&file=packs&encoding=sjis');

    fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-05-02' } });
    fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: '表示' }));
    await screen.findByText(/終了日は開始日以降/);
    await waitFor(() => expect(screen.getByLabelText('終了日').getAttribute('aria-invalid')).toBe('true'));
  });

  it('says when no points were sold in the period and the sales assume 1 point = ¥1', async () => {
    mockApi({
      'GET /admin/reports/packs*': { from: '2026-11-01', to: '2026-11-27', yen_per_point: 1, rate_assumed: true, packs: [{ pack_id: 7, name: '春パック', payment_method: '1', ...packRow }], totals: packRow },
      'GET /admin/reports/period*': { from: '2026-11-01', to: '2026-11-27', figures: { ...figures, sales_yen: 0, points_sold: 0, points_expired: 0, refunds_yen: 0 }, outstanding_points: 2590, base_dates: [], days: [] },
    } as never);
    renderAt('/admin/reports?from=2026-11-01&to=2026-11-27', <ReportsScreen />);
    expect((await screen.findByTestId('report-rate-assumed')).textContent).toContain('1ポイント＝1円と仮定');
  });
});
