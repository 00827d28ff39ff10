import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import type { OperatorRole } from '@oripa/contract/admin';
import { consoleMe } from '../test-console-me.ts';
import { installAdminTexts } from '../admin-texts.ts';
import { AlertsScreen } from './alerts-screen.tsx';

const meAs = (role: OperatorRole) => consoleMe(role);
const settings = { webhook_url: '', webhook_kinds: [], pack_remaining: 10, payments_waiting_hours: 24, jobs_waiting: 100 };
const recent = [
  { kind: 'pack_low', subject: 'pack:3', message: { ja: '「春パック」の残りが9口になりました。', en: '"Spring" has 9 packs left.' }, sent_at: '2026-11-27T01:02:00.000Z', webhook: 'failed' },
];

beforeAll(() => installAdminTexts());

describe('/admin/alerts', () => {
  it('lets staff choose their own mails, shows the shop settings read-only, and lists recent alerts', async () => {
    const sent: URLSearchParams[] = [];
    mockApi({
      'GET /admin/me': meAs('staff'),
      'GET /admin/alerts': { settings, mail_kinds: ['mail_failing'], recent },
      'POST /admin/alerts/mails': ({ body }: { body: URLSearchParams }) => {
        sent.push(body);
        return { settings, mail_kinds: ['mail_failing', 'pack_low'], recent };
      },
    } as never);
    renderAt('/admin/alerts', <AlertsScreen />);
    const mails = await screen.findByTestId('alert-mails-form');
    const packLow = mails.querySelector('input[value="pack_low"]') as HTMLInputElement;
    expect((mails.querySelector('input[value="mail_failing"]') as HTMLInputElement).checked).toBe(true);
    expect(packLow.checked).toBe(false);
    expect(screen.getByText(/staff@example\.com/)).toBeTruthy();
    fireEvent.click(packLow);
    fireEvent.click(screen.getByRole('button', { name: 'メールの設定を保存' }));
    await screen.findByText('メールの設定を保存しました。');
    expect(JSON.parse(sent[0]?.get('json') ?? '{}')).toEqual({ kinds: ['pack_low', 'mail_failing'] });

    expect((screen.getByLabelText('Webhook のURL（空欄で送らない）') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Webhook としきい値の変更はオーナーのみ行えます。')).toBeTruthy();
    const row = screen.getByTestId('alerts-recent').querySelector('tbody tr');
    expect(row?.textContent).toContain('「春パック」の残りが9口になりました。');
    expect(row?.textContent).toContain('失敗');
    expect(row?.textContent).toContain('2026/11/27 10:02');
  });

  it("lets an owner save the webhook, and shows the server's message under a refused field", async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /admin/me': meAs('owner'),
      'GET /admin/alerts': { settings, mail_kinds: [], recent: [] },
      'POST /admin/alerts': ({ body }: { body: URLSearchParams }) => {
        const json = JSON.parse(body.get('json') ?? '{}') as { webhook_url: string };
        sent.push(json);
        return json.webhook_url.startsWith('https://')
          ? { settings: { ...settings, webhook_url: json.webhook_url }, mail_kinds: [], recent: [] }
          : { state: 400, errors: { webhook_url: ['Webhook のURLは https:// で始まるURL（500文字まで）で入力してください。'] } };
      },
    } as never);
    renderAt('/admin/alerts', <AlertsScreen />);
    const url = (await screen.findByLabelText('Webhook のURL（空欄で送らない）')) as HTMLInputElement;
    expect(screen.getByText('まだアラートはありません。')).toBeTruthy();
    fireEvent.change(url, { target: { value: 'http://hooks.example.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'ショップの設定を保存' }));
    await screen.findByText(/https:\/\/ で始まるURL/);
    expect(url.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(url, { target: { value: 'https://hooks.slack.com/services/T/B/x' } });
    const shop = screen.getByTestId('alert-shop-form');
    fireEvent.click(shop.querySelector('input[value="shipping_overdue"]') as HTMLInputElement);
    fireEvent.change(screen.getByLabelText('パックの残りがこの口数以下で知らせる'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'ショップの設定を保存' }));
    await screen.findByText('ショップの設定を保存しました。');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ webhook_url: 'https://hooks.slack.com/services/T/B/x', webhook_kinds: ['shipping_overdue'], pack_remaining: '5', payments_waiting_hours: '24', jobs_waiting: '100' });
  });
});
