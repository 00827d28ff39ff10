import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { installAdminTexts } from '../admin-texts.ts';
import { AuditScreen } from './audit-screen.tsx';

// Issue 27 point 6: the audit log read as raw JSON with UTC times and English action codes.

const entries = [
  {
    id: 2,
    created_at: '2026-11-27T03:04:05.000Z',
    actor: 'owner@example.com',
    operator_id: 1,
    action: 'pack.sale.stop',
    target: 'pack:9',
    before: { published: true, endAt: null },
    after: { published: true, endAt: '2026-11-27T03:04:05.000Z' },
    ip: '127.0.0.1',
  },
  { id: 1, created_at: '2026-11-27T00:00:00.000Z', actor: 'cli', operator_id: null, action: 'future.thing', target: 'x', before: null, after: 'plain', ip: 'local' },
];

beforeAll(() => installAdminTexts());
afterEach(() => i18next.changeLanguage('ja'));

describe('/admin/audit', () => {
  it('names actions in Japanese and shows recorded times in Japan time, field by field', async () => {
    mockApi({ 'GET /admin/audit*': { entries, total: 2, page: 1, per: 50 } } as never);
    renderAt('/admin/audit', <AuditScreen />);
    const table = await screen.findByTestId('audit-table');
    const rows = within(table).getAllByRole('row');
    const stop = rows.find((r) => r.textContent?.includes('pack:9'));
    expect(stop?.textContent).toContain('パックの販売を停止');
    // 03:04 UTC is 12:04 in Japan; no ISO text is left.
    expect(stop?.textContent).toContain('12:04');
    expect(stop?.textContent).not.toContain('2026-11-27T03:04');
    expect(stop?.textContent).toContain('はい');
    // A code without words yet still shows, as itself.
    expect(rows.find((r) => r.textContent?.includes('future.thing'))?.textContent).toContain('plain');
  });

  it('names them in English in English mode', async () => {
    await i18next.changeLanguage('en');
    mockApi({ 'GET /admin/audit*': { entries, total: 2, page: 1, per: 50 } } as never);
    renderAt('/admin/audit', <AuditScreen />);
    const table = await screen.findByTestId('audit-table');
    expect(table.textContent).toContain('Pack sale stopped');
  });
});
