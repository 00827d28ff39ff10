import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const SIMPLE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * Rewrites what zod emits into forms the compiled serializer writes without a runtime schema
 * check: a union of constants of one type becomes an enum, `X | null` a type list. (anyOf is
 * serialized by validating each branch, which would cost more than it saves.)
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    out[key] = simplify(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (!anyOf) return out;
  const types = new Set(anyOf.map((branch) => branch.type));
  if (anyOf.every((branch) => 'const' in branch) && types.size === 1) {
    const { anyOf: _drop, ...rest } = out;
    return { ...rest, type: anyOf[0]?.type, enum: anyOf.map((branch) => branch.const) };
  }
  const other = anyOf.filter((branch) => branch.type !== 'null');
  const only = other[0];
  if (anyOf.length === 2 && other.length === 1 && only && SIMPLE_TYPES.has(String(only.type))) {
    const { anyOf: _drop, ...rest } = out;
    return { ...rest, ...only, type: [only.type, 'null'] };
  }
  return out;
}

/**
 * JSON schema of a route's envelope for the compiled serializer: state, csrf and errors, plus
 * the contract's fields. None of the fields is required at the top, since refusals (AppError)
 * answer on the same route with errors and at most a few of them.
 */
export function envelopeJsonSchema(schema: z.ZodObject): JsonSchema {
  const fields = simplify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })) as JsonSchema;
  return {
    type: 'object',
    properties: {
      state: { type: 'integer' },
      csrf: { type: 'string' },
      errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      ...(fields.properties as JsonSchema | undefined),
    },
  };
}
