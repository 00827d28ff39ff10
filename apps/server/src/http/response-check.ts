import type { z } from 'zod';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Keys of `value` that the parse dropped: zod objects strip what their schema does not name, so
 * a key present before and gone after is a field the contract does not know (a typo, a leftover).
 */
function unknownKeys(value: unknown, parsed: unknown, at: string): string[] {
  if (Array.isArray(value) && Array.isArray(parsed)) {
    return value.flatMap((item, i) => unknownKeys(item, parsed[i], `${at}[${i}]`));
  }
  if (!isPlainObject(value) || !isPlainObject(parsed)) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const path = at ? `${at}.${key}` : key;
    return key in parsed ? unknownKeys(item, parsed[key], path) : [`${path}: not in the contract`];
  });
}

/**
 * What is wrong with an answer's fields against its contract schema: zod's issues (a missing
 * field, a wrong type) and fields the schema does not name. Empty when the answer is right.
 */
export function responseBreaches(schema: z.ZodType, fields: unknown): string[] {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
  }
  return unknownKeys(fields, parsed.data, '');
}
