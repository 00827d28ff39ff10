import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { buildRoutes } from './routes.tsx';

/** The browser router of the shop, base path '/'. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(buildRoutes(queryClient));
}
