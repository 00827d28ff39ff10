/** PostgreSQL error fields, as node-postgres and PGlite report them (possibly wrapped by Drizzle). */
interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function pgFields(error: unknown): PgErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const fields = current as PgErrorFields;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return undefined;
}

/** Whether `error` is a unique violation (23505), of `constraint` when one is named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const fields = pgFields(error);
  if (fields?.code !== '23505') return false;
  return constraint === undefined || fields.constraint === constraint;
}

/**
 * Whether PostgreSQL picked the statement or transaction as a deadlock victim (40P01) or refused
 * a serialization (40001): running the whole of it again is safe.
 */
export function isRetryableConflict(error: unknown): boolean {
  const code = pgFields(error)?.code;
  return code === '40P01' || code === '40001';
}
