import { isRetryableConflict } from './errors.ts';

/**
 * PostgreSQL may pick a statement or transaction as a deadlock victim (or refuse a serialization);
 * the whole of it is simply tried again, up to three times.
 */
export async function withDeadlockRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !isRetryableConflict(error)) throw error;
    }
  }
}
