import type { AdminInquiryThreadResponse } from '@oripa/contract/inquiries';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Navigate } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { installAdminTexts } from '../admin-texts.ts';
import { InquiriesScreen } from './inquiries-screen.tsx';
import { InquiryScreen } from './inquiries-thread-screen.tsx';
import type { OperatorRole } from '@oripa/contract/admin';
import { consoleMe } from '../test-console-me.ts';

const meAs = (role: OperatorRole) => {
  const me = consoleMe(role);
  return { ...me, operator: { ...me.operator, id: 2, mail: 'support@example.com', name: 'サポート田中', totp_enrolled: true } };
};
const INQUIRY = {
  id: 7,
  category: 'shipping',
  subject: 'カードが届きません',
  status: 'open',
  purchase_id: null,
  created_at: '2026-11-27T01:00:00.000Z',
  updated_at: '2026-11-27T01:30:00.000Z',
  member_id: 42,
  member_name: '山田 花子',
  member_mail: 'hanako@example.com',
  assignee_id: null,
  assignee_name: '',
} as const;
const THREAD: AdminInquiryThreadResponse = {
  inquiry: INQUIRY,
  messages: [{ id: 1, author: 'member', operator_name: '', internal: false, body: '届きません', created_at: '2026-11-27T01:00:00.000Z', attachments: [] }],
  operators: [{ id: 2, name: 'サポート田中' }],
};

beforeAll(() => installAdminTexts());

describe('/admin/inquiries (decision 052)', () => {
  it('lists open inquiries in JST with the member’s page linked, and filters on the server', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /admin/me': meAs('support'),
      'GET /admin/inquiries*': ({ path }: { path: string }) => {
        asked.push(path);
        return { inquiries: [INQUIRY], pager: { page: 1, all_page: 1, pages: [1] }, total: 1, operators: THREAD.operators, enabled: false };
      },
    } as never);
    renderAt('/admin/inquiries', <InquiriesScreen />);
    const row = (await screen.findByTestId('inquiry-inbox')).querySelector('tbody tr');
    expect(row?.textContent).toContain('カードが届きません');
    expect(row?.textContent).toContain('未回答');
    expect(row?.textContent).toContain('2026/11/27 10:30');
    expect(screen.getByRole('link', { name: '山田 花子 (#42)' }).getAttribute('href')).toBe('/admin/members/42');
    expect(asked[0]).toContain('status=open');
    fireEvent.change(screen.getByLabelText('種類'), { target: { value: 'account' } });
    fireEvent.change(screen.getByLabelText('担当'), { target: { value: 'me' } });
    fireEvent.click(screen.getByRole('button', { name: '絞り込む' }));
    await waitFor(() => expect(asked.at(-1)).toMatch(/category=account.*assignee=me|assignee=me.*category=account/));
    expect(screen.getByTestId('inquiry-form-state').textContent).toContain('外部のお問い合わせページ');
    expect(screen.getByTestId('inquiry-form-toggle')).toBeTruthy();
  });

  it('answers from the thread: the answer is posted with its status and the thread shows it', async () => {
    const sent: unknown[] = [];
    const answered: AdminInquiryThreadResponse = {
      ...THREAD,
      inquiry: { ...INQUIRY, status: 'answered' },
      messages: [...THREAD.messages, { id: 2, author: 'operator', operator_name: 'サポート田中', internal: false, body: '発送しました', created_at: '2026-11-27T02:00:00.000Z', attachments: [] }],
    };
    mockApi({
      'GET /admin/me': meAs('support'),
      'GET /admin/inquiries/7': THREAD,
      'POST /admin/inquiries/reply': ({ body }: { body: URLSearchParams }) => {
        sent.push(JSON.parse(body.get('json') ?? '{}'));
        return answered;
      },
    } as never);
    renderAt('/start', <Navigate to="/admin/inquiries/7" />, { extraRoutes: [{ path: '/admin/inquiries/:id', element: <InquiryScreen /> }] });
    expect((await screen.findByTestId('inquiry-status')).textContent).toBe('未回答');
    fireEvent.change(await screen.findByLabelText('本文'), { target: { value: '発送しました' } });
    fireEvent.click(screen.getByTestId('inquiry-reply-send'));
    await waitFor(() => expect(screen.getByTestId('inquiry-status').textContent).toBe('回答済み'));
    expect(sent).toEqual([{ inquiry_id: 7, body: '発送しました', internal: false, status: 'answered' }]);
    expect(screen.getAllByTestId('inquiry-message').map((m) => m.textContent)).toEqual(['会員 2026/11/27 10:00:00届きません', 'サポート田中 2026/11/27 11:00:00発送しました']);
  });

  it('is read-only for staff', async () => {
    mockApi({ 'GET /admin/me': meAs('staff'), 'GET /admin/inquiries/7': THREAD } as never);
    renderAt('/start', <Navigate to="/admin/inquiries/7" />, { extraRoutes: [{ path: '/admin/inquiries/:id', element: <InquiryScreen /> }] });
    expect(await screen.findByText('回答・状況の変更はオーナーとサポートのみ行えます。')).toBeTruthy();
    expect(screen.queryByTestId('inquiry-reply-form')).toBeNull();
  });
});
