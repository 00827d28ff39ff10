import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Navigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAt, Where } from '@/test-utils.tsx';
import { installAdminTexts } from '../admin-texts.ts';
import { savedDraft } from './packs-draft.ts';
import { PackEditorScreen } from './packs-editor.tsx';
import { PacksScreen } from './packs-screen.tsx';

// The catalogue at scale (issue 27 point 4, decision 050): a lineup from a CSV file, a pack
// duplicated as a new draft, sale actions on the ticked packs.

beforeAll(() => installAdminTexts());
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const prize = { kind: 'lot', name: '取り込んだカード', name_en: '', rarity: 3, count: 12, buy_point: 40, cost_yen: 25, image: '', model_number: '', num: 1, action_type: '0', at: 0, every: 0 };
const csv = (text: string) => new File([text], 'lineup.csv', { type: 'text/csv' });

describe('the lineup file', () => {
  it('lists every bad line with its number and keeps the draft; a fixed file replaces the lineup', async () => {
    const sent: string[] = [];
    let good = false;
    mockApi({
      'GET /admin/card_types': { card_types: [] },
      'POST /admin/packs/lineup_import': ({ body }: { body: URLSearchParams }) => {
        sent.push(body.get('json') ?? '');
        return good
          ? { lineup: [prize], line_errors: [] }
          : { state: 400, errors: { file_base64: ['ファイルに1件の誤りがあるため、ラインナップを取り込んでいません。'] }, line_errors: [{ line: 3, reason: '「rarity」: 不正な値です。' }] };
      },
    } as never);
    renderAt('/admin/packs/new', <PackEditorScreen />);
    const input = await screen.findByLabelText('ラインナップをCSVから取り込む');
    fireEvent.change(input, { target: { files: [csv('kind,rarity,name,count,buy_point\nlot,1,A,1,1\nlot,9,B,1,1\n')] } });
    const errors = await screen.findByTestId('lineup-line-errors');
    expect(errors.textContent).toBe('3行目: 「rarity」: 不正な値です。');
    expect(screen.getByTestId('lineup-file-notice').textContent).toContain('1件の誤り');
    expect(JSON.parse(sent[0] ?? '{}')).toMatchObject({ payment_method: '1', file_base64: expect.any(String) });
    expect(within(screen.getByTestId('lineup')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByTestId('lot-size').textContent).toBe('1');

    good = true;
    fireEvent.change(input, { target: { files: [csv('kind,rarity,name,count,buy_point\nlot,3,A,12,40\n')] } });
    await screen.findByText('1件の賞品を取り込みました。下書きのラインナップを置き換えています。');
    const row = within(screen.getByTestId('lineup')).getAllByRole('listitem')[0] as HTMLElement;
    expect((within(row).getByLabelText('名前') as HTMLInputElement).value).toBe('取り込んだカード');
    expect((within(row).getByLabelText('原価（円・任意）') as HTMLInputElement).value).toBe('25');
    expect(screen.getByTestId('lot-size').textContent).toBe('12');
  });
});

const stored = {
  id: 7, name: '元のパック', name_en: '', card_type_id: 1, point: 500, payment_method: '1', start_at: '2026-12-01T01:00:00.000Z', end_at: null,
  max_buy_count: 0, limit_per_member: 0, limit_message: '', min_rank_id: null, first_purchase_only: false, sms_verified_only: false, free_daily: false, show_cardlist: true, movie_style: 0, images: [], detail: '', detail_en: '', sort: 0,
  published: true, state: 'sold_out', total: 3, drawn: 3, seed_hash: 'h', committed_at: '2026-11-30T00:00:00.000Z',
  lineup: [{ id: 11, kind: 'lot', name: 'A', name_en: '', image_url: '/media/a.svg', model_number: '', rarity: 3, num: 1, buy_point: 10, action_type: '0', count: 3, at: 0, every: 0, cost_yen: null }],
};

describe('duplicate and restock', () => {
  it('puts the copy into the new-pack draft and opens it; offers a restock for a sold-out pack', async () => {
    mockApi({
      'GET /admin/card_types': { card_types: [] },
      'GET /admin/packs/7': { pack: stored },
      'POST /admin/packs/duplicate': {
        source_id: 7,
        draft: { ...stored, name: '元のパック（コピー）', images: ['/media/copy-1.png'], lineup: [{ ...prize, image: '/media/copy-2.svg' }] },
      },
    } as never);
    // The editor reads the pack's id from the route: it is reached through /admin/packs/:id.
    renderAt('/start', <Navigate to="/admin/packs/7" />, {
      extraRoutes: [
        { path: '/admin/packs/:id', element: <PackEditorScreen /> },
        { path: '/admin/packs/new', element: <Where /> },
      ],
    });
    expect(await screen.findByTestId('pack-restock')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pack-duplicate'));
    expect((await screen.findByTestId('where')).textContent).toContain('/admin/packs/new');
    const draft = savedDraft();
    expect(draft).toMatchObject({ name: '元のパック（コピー）', point: '500', published: false, images: ['/media/copy-1.png'] });
    expect(draft?.lineup[0]).toMatchObject({ name: '取り込んだカード', count: '12', image: '/media/copy-2.svg', cost_yen: '25' });
  });
});

const row = (id: number, state: string) => ({ id, name: `パック${id}`, card_type_id: 1, card_type: '種別', point: 100, payment_method: '1', total: 10, remaining: 10, start_at: '2026-12-01T01:00:00.000Z', end_at: null, published: false, sort: 0, state });

describe('bulk sale actions', () => {
  it('sends the ticked packs in one request and lists each refused pack with its reason', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /admin/card_types': { card_types: [] },
      'GET /admin/packs*': { packs: [row(1, 'hidden'), row(2, 'ended'), row(3, 'hidden')], total: 3, page: 1, per: 20 },
      'POST /admin/packs/sale_bulk': ({ body }: { body: URLSearchParams }) => {
        sent.push(JSON.parse(body.get('json') ?? '{}'));
        return { state: 409, errors: { ids: ['1件のパックは変更できないため、どのパックも変更していません。'] }, refusals: [{ id: 2, reason: '販売は終了しています。' }] };
      },
    } as never);
    renderAt('/admin/packs', <PacksScreen />);
    fireEvent.click(await screen.findByTestId('pack-select-1'));
    fireEvent.click(screen.getByTestId('pack-select-2'));
    expect(screen.getByText('2件を選択中')).toBeTruthy();
    fireEvent.click(screen.getByTestId('bulk-publish'));
    const notice = await screen.findByTestId('bulk-notice');
    expect(sent).toEqual([{ ids: [1, 2], action: 'publish' }]);
    expect(notice.textContent).toContain('どのパックも変更していません');
    expect(notice.textContent).toContain('#2: 販売は終了しています。');
    // The selection stays for the operator to untick the refused pack.
    await waitFor(() => expect((screen.getByTestId('pack-select-2') as HTMLInputElement).checked).toBe(true));
  });
});
