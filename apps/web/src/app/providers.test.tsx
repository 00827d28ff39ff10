import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, mockApi, VISITOR } from '@/test-utils.tsx';
import { AppProviders } from './providers.tsx';

/** A screen reading a pack's detail and its lot's trust data from the cache, as the pack page does. */
function PackScreen() {
  const detail = useQuery({ queryKey: ['packs', 'detail', '7'], queryFn: () => fetch('/api/user/pack/detail/7'), staleTime: 60_000 });
  const trust = useQuery({ queryKey: ['packs', 'trust', 7], queryFn: () => fetch('/api/user/pack/trust/7'), staleTime: 60_000 });
  return <p>{detail.data && trust.data ? 'ready' : 'loading'}</p>;
}

describe('the app after a server-rendered page hydrates', () => {
  it("asks for the packs again, except a lot's trust data, which the trust panel asks for once it has hydrated", async () => {
    const fetchMock = mockApi({ 'GET /user/point': VISITOR });
    const queryClient = createTestQueryClient();
    // Fresh for a minute: only the refresh after hydration asks for them.
    queryClient.setQueryData(['packs', 'detail', '7'], {});
    queryClient.setQueryData(['packs', 'trust', 7], {});
    const router = createMemoryRouter([{ path: '/', element: <PackScreen /> }]);
    render(<AppProviders queryClient={queryClient} router={router} hydrated />);
    await screen.findByText('ready');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/api/user/pack/detail/7');
    expect(asked).not.toContain('/api/user/pack/trust/7');
  });
});
