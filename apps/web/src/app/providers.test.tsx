import { dehydrate, useQuery } from '@tanstack/react-query';
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
    // The server's answers, fresh for a minute: only the refresh after hydration asks for them.
    const server = createTestQueryClient();
    server.setQueryData(['packs', 'detail', '7'], {});
    server.setQueryData(['packs', 'trust', 7], {});
    const router = createMemoryRouter([{ path: '/', element: <PackScreen /> }]);
    render(<AppProviders queryClient={createTestQueryClient()} router={router} dehydratedState={dehydrate(server)} hydrated />);
    await screen.findByText('ready');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/api/user/pack/detail/7');
    expect(asked).not.toContain('/api/user/pack/trust/7');
  });

  it('asks once for a query that asks again on mount (recent wins), not a second time after hydration', async () => {
    const fetchMock = mockApi({ 'GET /user/point': VISITOR, 'GET /user/wins': { state: 200, list: [] } });
    const server = createTestQueryClient();
    server.setQueryData(['packs', 'wins', null], []);
    function WinsScreen() {
      const wins = useQuery({ queryKey: ['packs', 'wins', null], queryFn: () => fetch('/api/user/wins'), staleTime: 0 });
      return <p>{wins.isFetching ? 'asking' : 'asked'}</p>;
    }
    const router = createMemoryRouter([{ path: '/', element: <WinsScreen /> }]);
    render(<AppProviders queryClient={createTestQueryClient()} router={router} dehydratedState={dehydrate(server)} hydrated />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await screen.findByText('asked');
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url === '/api/user/wins');
    expect(asked).toHaveLength(1);
  });
});
