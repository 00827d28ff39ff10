import type { FastifyRequest } from 'fastify';
import { scrubber, secretValues } from './secret-values.ts';

/**
 * What the server's log may say about a request or an error. A log line must never carry what a
 * member typed or a secret: no SQL parameters, cookies, tokens, passwords or card data. An error
 * is logged by its type, its code (PostgreSQL's SQLSTATE, constraint and table names), the shape
 * of the failed SQL (placeholders, no values) and its stack frames; quoted values and long digit
 * runs in a message are masked, because drivers and parsers quote the input they refused.
 */

const MASK = '…';
const MAX_TEXT = 300;
const MAX_SQL = 500;
const MAX_FRAMES = 12;

/** Quoted text and runs of 6+ digits (card numbers, codes) masked; length capped. */
export function maskText(text: string): string {
  const masked = text
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, `"${MASK}"`)
    .replace(/\d{6,}/g, MASK)
    .replace(/\s+/g, ' ');
  return masked.length > MAX_TEXT ? `${masked.slice(0, MAX_TEXT)}${MASK}` : masked;
}

/** The SQL of a failed query without any value: string literals and numbers inlined by sql.raw masked. */
export function sqlShape(sql: string): string {
  const shape = sql
    .replace(/'(?:[^']|'')*'/g, `'${MASK}'`)
    .replace(/\b\d{2,}\b/g, MASK)
    .replace(/\s+/g, ' ')
    .trim();
  return shape.length > MAX_SQL ? `${shape.slice(0, MAX_SQL)}${MASK}` : shape;
}

/** PostgreSQL error fields that name the schema, never a value. */
const PG_FIELDS = ['code', 'severity', 'routine', 'constraint', 'table', 'column', 'dataType'] as const;

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** An error as the log may show it (the `err` serializer of the server's logger). */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const out: SafeError = { type: error.name, message: '', stack: '' };
  for (const key of PG_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (typeof fields.statusCode === 'number') out.statusCode = fields.statusCode;
  // A failed query (drizzle): its message lists the parameters, so only the SQL's shape goes out.
  if (typeof fields.query === 'string') {
    out.message = 'Failed query';
    out.sql = sqlShape(fields.query);
  } else out.message = maskText(error.message);
  out.stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim())
    .join('\n');
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  return out;
}

/**
 * A URL as the log may show it: query values and path segments that look like references or
 * tokens (long, or a provider's `xx_…` id) masked; parameter names stay, for debugging.
 */
export function safeUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path
    .split('/')
    .map((segment) => (segment.length > 24 || /^[a-z]{2,5}_[\w-]{10,}$/.test(segment) || /%00|[^\x20-\x7E]/.test(segment) ? MASK : segment))
    .join('/');
  if (query === undefined) return safePath;
  const names = query
    .split('&')
    .map((pair) => pair.split('=', 1)[0] ?? '')
    .filter((name) => /^[\w.-]{1,40}$/.test(name));
  return `${safePath}?${names.map((name) => `${name}=${MASK}`).join('&')}`;
}

/** The request as the log shows it: method, masked URL, client address. Never headers. */
export function safeRequest(request: FastifyRequest): Record<string, unknown> {
  return { method: request.method, url: safeUrl(request.url), remoteAddress: request.ip };
}

/**
 * Pino options of the server's logger: the serializers above, paths that are removed should
 * any log call pass them (cookies, authorization, passwords, tokens, card data, the providers'
 * credentials), and a last pass over every line that masks the values of the shop's secrets
 * from `env` wherever they appear (decision 031).
 */
export function safeLoggerOptions(env: NodeJS.ProcessEnv = process.env) {
  const scrub = scrubber(secretValues(env));
  return {
    hooks: { streamWrite: scrub },
    serializers: { err: safeError, error: safeError, req: safeRequest },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        'headers.authorization',
        '*.password',
        '*.pass',
        '*.token',
        '*.csrf',
        '*.card_number',
        '*.cardNumber',
        '*.cvc',
        '*.securityCode',
        // Outside providers' credentials and signed headers (issue 21)
        'headers["x-amz-security-token"]',
        '*.authToken',
        '*.auth_token',
        '*.secretAccessKey',
        '*.client_secret',
        '*.clientSecret',
        '*.privateKey',
        '*.TWILIO_AUTH_TOKEN',
        '*.AWS_SECRET_ACCESS_KEY',
      ],
      censor: '[redacted]',
    },
  };
}
