import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test-utils.tsx';
import { MirrorVerifyPage } from './mirror-verify-page.tsx';

/** The mirror endpoint answers plain JSON (not the envelope), so fetch is stubbed directly. */
function stubMirror(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('/verify', () => {
  it('says plainly that an id like abc is not a lot id, without asking the server (it used to spin forever)', async () => {
    const fetchMock = stubMirror(200, {});
    renderAt('/verify?packId=abc', <MirrorVerifyPage />);
    expect((await screen.findByTestId('verify-bad-id')).textContent).toBe('くじの ID が正しくありません（例: /verify?packId=12）。');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('status', { name: /読み込み中/ })).toBeNull();
  });

  it('asks for a lot id when none is given, and goes to it', async () => {
    const fetchMock = stubMirror(404, {});
    renderAt('/verify', <MirrorVerifyPage />);
    fireEvent.change(await screen.findByTestId('verify-lot-id'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: '検証する' }));
    await screen.findByTestId('verify-not-found');
    expect(fetchMock).toHaveBeenCalledWith('/api/transparency/mirror?lot_id=12', expect.anything());
  });

  it("says the lot has no public log when the mirror endpoint answers 404, and names a mirror that is not one", async () => {
    const fetchMock = stubMirror(404, { error: 'not found' });
    renderAt('/verify?packId=77', <MirrorVerifyPage />);
    expect((await screen.findByTestId('verify-not-found')).textContent).toBe('このくじの公開ログが見つかりません。');
    expect(fetchMock).toHaveBeenCalledWith('/api/transparency/mirror?lot_id=77', expect.anything());
  });

  it('reports a malformed mirror as a failed check, by kind', async () => {
    stubMirror(200, { format: 'something else' });
    renderAt('/verify?packId=5', <MirrorVerifyPage />);
    // The verifier is a lazy import; loading the curve code takes a moment in jsdom.
    const result = await screen.findByTestId('verify-result', {}, { timeout: 20_000 });
    expect(result.getAttribute('data-kind')).toBe('malformed_mirror');
    expect(result.textContent).toContain('不一致: ミラーの形式が正しくありません');
  }, 30_000);
});
