import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { createTestQueryClient, MEMBER, mockApi, type ApiRoutes } from '@/test-utils.tsx';
import { outcome, recorder, Where, type RecordedCall } from '../test-support.tsx';
import { AmazonPayRedirectScreen, PayRedirectScreen } from './redirect-screens.tsx';

/** Renders in StrictMode, where React runs effects twice: the calls must still happen once. */
function renderStrict(path: string, element: React.ReactNode, routes: ApiRoutes) {
  const calls: RecordedCall[] = [];
  const record = recorder(calls);
  // Each answer was checked against its route's type above; recording keeps it as it is.
  mockApi(Object.fromEntries(Object.entries(routes).map(([key, answer]) => [key, record(answer as object)])) as ApiRoutes);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, MEMBER);
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0] as string, element },
      { path: '/complete-buy-point', element: <Where /> },
      { path: '/complete-buy-point-amazom-pay', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { calls, queryClient, router };
}

describe('/pay-redirect', () => {
  it('posts payment_id as the append token once, then goes to /complete-buy-point with the same query', async () => {
    const { calls, queryClient, router } = renderStrict('/pay-redirect?payment_id=35&pay_id=5', <PayRedirectScreen />, {
      'POST /user/point/append': outcome(),
    });
    expect((await screen.findByTestId('where')).textContent).toBe('/complete-buy-point?payment_id=35&pay_id=5');
    expect(calls.map((call) => [call.path, call.payload])).toEqual([['/user/point/append', { token: '35' }]]);
    // Points were credited: the header's balance is fetched again.
    expect(queryClient.getQueryState(CURRENT_USER_KEY)?.isInvalidated).toBe(true);
    // Replaced: the browser's back button does not run the append again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('moves on whatever the answer', async () => {
    const { calls } = renderStrict('/pay-redirect?payment_id=36&pay_id=12', <PayRedirectScreen />, {
      'POST /user/point/append': outcome({ result: '0', payment_state: 'failed' }),
    });
    expect((await screen.findByTestId('where')).textContent).toBe('/complete-buy-point?payment_id=36&pay_id=12');
    expect(calls).toHaveLength(1);
  });
});

describe('/amazon-pay-redirect', () => {
  it('completes the checkout session once, ignores the answer and goes to /complete-buy-point-amazom-pay', async () => {
    const { calls } = renderStrict('/amazon-pay-redirect?amazonCheckoutSessionId=cs_9', <AmazonPayRedirectScreen />, {
      'GET /user/complete_checkout_session*': { state: 404, errors: { payment: ['x'] } },
    });
    expect((await screen.findByTestId('where')).textContent).toBe('/complete-buy-point-amazom-pay');
    expect(calls.map((call) => call.path)).toEqual(['/user/complete_checkout_session?amazonCheckoutSessionId=cs_9']);
  });
});
