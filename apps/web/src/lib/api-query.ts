import type { FieldErrors } from '@oripa/contract/wire';
import { apiGet, type ApiResult } from './api-client.ts';
import { STATE } from '@oripa/contract/states';

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

/** GET that resolves with the call's fields on state 200 and throws ApiFailure otherwise. */
export async function getOk<T extends object>(path: string): Promise<ApiResult<T> & T> {
  const result = await apiGet<T>(path);
  if (result.state !== STATE.ok) throw new ApiFailure(result.state, result.errors);
  return result as ApiResult<T> & T;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiFailure && error.state === STATE.notFound;
}
