import type { ApiName } from '@oripa/contract/api-paths';
import type { FieldErrors } from '@oripa/contract/wire';
import { apiCall, type ApiResult } from './api-client.ts';
import { STATE } from '@oripa/contract/states';
import type { ApiEntry, ApiResponse, CallArgs } from './api-route.ts';

/** A response whose state was not 200; queries throw it so the screen shows its error state. */
export class ApiFailure extends Error {
  constructor(
    readonly state: number,
    readonly errors: FieldErrors,
  ) {
    super(`request failed with state ${state}`);
    this.name = 'ApiFailure';
  }
}

/** A call (a GET, as a rule) that resolves with the route's fields on state 200 and throws ApiFailure otherwise. */
export async function getOk<N extends ApiName>(route: ApiEntry<N>, ...args: CallArgs<N>): Promise<ApiResult<ApiResponse<N>> & ApiResponse<N>> {
  const result = await apiCall(route, ...args);
  if (result.state !== STATE.ok) throw new ApiFailure(result.state, result.errors);
  return result as ApiResult<ApiResponse<N>> & ApiResponse<N>;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiFailure && error.state === STATE.notFound;
}
