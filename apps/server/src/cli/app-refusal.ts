import { message, type MessageCode } from '@oripa/contract/messages';
import type { z } from 'zod';
import { AppError } from '../kernel/errors.ts';
import { OpsError } from './command.ts';

/**
 * Runs a service call for a command: a refusal of the service (an AppError, whose messages the
 * console shows by field) becomes an ops error naming the field (or the flag `names` gives for
 * it), in English.
 */
export async function withRefusalsInEnglish<T>(work: () => Promise<T>, names: Readonly<Record<string, string>> = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const [field, messages] = Object.entries(error.fields)[0] ?? ['', []];
    const first = messages[0];
    throw new OpsError(`${names[field] ?? field}: ${first ? message(first.code, 'en', first.params) : error.message}`);
  }
}

/**
 * A command's flags read through the contract's schema: the first refusal becomes an ops error
 * naming the flag (`--from` for starts_at through `flagOf`, else the field with dashes), in English.
 */
export function parseFlags<S extends z.ZodType>(schema: S, input: unknown, flagOf: Readonly<Record<string, string>> = {}): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  throw new OpsError(`--${flagOf[field] ?? field.replaceAll('_', '-')}: ${message((issue?.message ?? 'common.invalid') as MessageCode, 'en')}`);
}
