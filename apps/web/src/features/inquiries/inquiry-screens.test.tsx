import type { InquiryThreadResponse } from '@oripa/contract/inquiries';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Navigate } from 'react-router';
import { mockApi, renderAt } from '@/test-utils.tsx';
import { InquiryScreen } from './inquiry-screen.tsx';
import { InquiryThreadScreen } from './inquiry-thread-screen.tsx';

/** The thread screen at /inquiry/7 (its id comes from the route's parameter). */
const renderThread = () => renderAt('/start', <Navigate to="/inquiry/7" />, { extraRoutes: [{ path: '/inquiry/:id', element: <InquiryThreadScreen /> }] });

const THREAD: InquiryThreadResponse = {
  inquiry: { id: 7, category: 'shipping', subject: 'カードが届きません', status: 'answered', purchase_id: 31, created_at: '2026-11-27T01:00:00.000Z', updated_at: '2026-11-27T03:00:00.000Z' },
  messages: [
    { id: 1, author: 'member', operator_name: '', internal: false, body: '1行目\n2行目', created_at: '2026-11-27T01:00:00.000Z', attachments: [{ id: 5, content_type: 'image/png', byte_size: 10 }] },
    { id: 2, author: 'operator', operator_name: '', internal: false, body: '発送済みです。', created_at: '2026-11-27T03:00:00.000Z', attachments: [] },
  ],
};

/** The multipart form the last POST sent (the fake server does not read FormData bodies). */
function lastForm(fetchMock: ReturnType<typeof mockApi>): FormData {
  const post = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1);
  return post?.[1]?.body as FormData;
}

describe('/inquiry: a new inquiry and the member’s inquiries (decision 052)', () => {
  it('sends category, subject, text, a purchase and the chosen images as one form, then opens the thread', async () => {
    const fetchMock = mockApi({
      'GET /user/inquiries': {
        enabled: true,
        inquiries: [THREAD.inquiry],
        purchases: [{ id: 31, pack_name: '初売りパック', created_at: '2026-11-26T10:00:00.000Z' }],
      },
      'POST /user/inquiries': THREAD,
      'GET /user/inquiries/7': THREAD,
      'GET /user/inquiries/file/5': { content_type: 'image/png', data_url: 'data:image/png;base64,AAAA' },
    });
    const { router } = renderAt('/inquiry', <InquiryScreen />, { extraRoutes: [{ path: '/inquiry/:id', element: <InquiryThreadScreen /> }] });
    // The member's inquiries, with status and Japan time.
    expect((await screen.findByTestId('inquiry-list')).textContent).toContain('カードが届きません');
    expect(screen.getByTestId('inquiry-list').textContent).toContain('回答済み');
    expect(screen.getByTestId('inquiry-list').textContent).toContain('2026/11/27 12:00');

    fireEvent.change(screen.getByLabelText('お問い合わせの種類'), { target: { value: 'shipping' } });
    fireEvent.change(screen.getByLabelText('件名'), { target: { value: 'カードが届きません' } });
    fireEvent.change(screen.getByLabelText('お問い合わせ内容'), { target: { value: '1行目\n2行目' } });
    fireEvent.change(screen.getByLabelText('関係するご購入（任意）'), { target: { value: '31' } });
    const photo = new File([new Uint8Array([0x89, 0x50])], 'photo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('画像を添付（任意）'), { target: { files: [photo] } });
    fireEvent.click(screen.getByTestId('inquiry-send'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/inquiry/7'));
    const form = lastForm(fetchMock);
    expect(JSON.parse(String(form.get('json')))).toEqual({ category: 'shipping', subject: 'カードが届きません', body: '1行目\n2行目', purchase_id: 31 });
    expect(form.getAll('file').map((f) => (f as File).name)).toEqual(['photo.png']);
    expect(form.get('csrf')).toBeDefined();
  });

  it('shows the server’s refusals under their fields', async () => {
    mockApi({
      'GET /user/inquiries': { enabled: true, inquiries: [], purchases: [] },
      'POST /user/inquiries': { state: 400, errors: { subject: ['入力してください。'], file: ['添付できるのは画像（PNG・JPEG・WebP）だけです。'] } },
    });
    renderAt('/inquiry', <InquiryScreen />);
    expect(await screen.findByText('お問い合わせはまだありません。')).toBeTruthy();
    // No purchases: no purchase choice.
    expect(screen.queryByLabelText('関係するご購入（任意）')).toBeNull();
    fireEvent.click(screen.getByTestId('inquiry-send'));
    expect(await screen.findByText('入力してください。')).toBeTruthy();
    expect(screen.getByLabelText('件名').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('添付できるのは画像（PNG・JPEG・WebP）だけです。')).toBeTruthy();
  });

  it('says the form is closed when the shop has not opened it, and still lists the inquiries', async () => {
    mockApi({ 'GET /user/inquiries': { enabled: false, inquiries: [THREAD.inquiry], purchases: [] } });
    renderAt('/inquiry', <InquiryScreen />);
    expect((await screen.findByTestId('inquiry-disabled')).textContent).toBe('現在、サイトからのお問い合わせは受け付けていません。');
    expect(screen.queryByTestId('inquiry-form')).toBeNull();
    expect(screen.getByTestId('inquiry-list').textContent).toContain('カードが届きません');
  });
});

describe('/inquiry/:id: the thread and a reply', () => {
  it('shows both sides with their lines and images, and sends a reply', async () => {
    const replied: InquiryThreadResponse = {
      inquiry: { ...THREAD.inquiry, status: 'open' },
      messages: [...THREAD.messages, { id: 3, author: 'member', operator_name: '', internal: false, body: 'ありがとうございます', created_at: '2026-11-27T04:00:00.000Z', attachments: [] }],
    };
    const fetchMock = mockApi({
      'GET /user/inquiries/7': THREAD,
      'GET /user/inquiries/file/5': { content_type: 'image/png', data_url: 'data:image/png;base64,AAAA' },
      'POST /user/inquiries/reply': replied,
    });
    renderThread();
    const messages = await screen.findAllByTestId('inquiry-message');
    expect(messages.map((m) => m.textContent)).toEqual(['あなた 2026/11/27 10:001行目\n2行目', 'サポート 2026/11/27 12:00発送済みです。']);
    expect(((await screen.findByAltText('添付画像 1')) as HTMLImageElement).src).toBe('data:image/png;base64,AAAA');

    fireEvent.change(screen.getByLabelText('お問い合わせ内容'), { target: { value: 'ありがとうございます' } });
    fireEvent.click(screen.getByTestId('inquiry-reply-send'));
    expect(await screen.findByText('返信を送信しました。')).toBeTruthy();
    expect(await screen.findAllByTestId('inquiry-message')).toHaveLength(3);
    expect(JSON.parse(String(lastForm(fetchMock).get('json')))).toEqual({ inquiry_id: 7, body: 'ありがとうございます' });
  });

  it('takes no reply on a closed inquiry', async () => {
    mockApi({ 'GET /user/inquiries/7': { ...THREAD, inquiry: { ...THREAD.inquiry, status: 'closed' } } });
    renderThread();
    expect(await screen.findByText(/このお問い合わせは終了しています/)).toBeTruthy();
    expect(screen.queryByTestId('inquiry-reply-form')).toBeNull();
  });
});
