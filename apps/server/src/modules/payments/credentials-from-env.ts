import { z } from 'zod';

/**
 * Reads a provider adapter's settings from the environment with the adapter's own schema and,
 * when some are missing or wrong, throws one error naming every variable, so the server refuses
 * to start (assertProvidersConfigured builds each routed adapter) instead of failing at the
 * first payment.
 */
export function credentialsFromEnv<T extends z.ZodType>(provider: string, schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    return env[name] === undefined || env[name] === '' ? `${name} is missing` : `${name}: ${issue.message}`;
  });
  throw new Error(`payment provider "${provider}" is not configured: ${problems.join('; ')} (see README, "Taking real payments")`);
}

/**
 * A stand-in API host (host:port) for tests and local runs. Refused in production: it sends the
 * provider calls elsewhere, and the Amazon Pay SDK even turns TLS certificate checks off for it.
 */
export function standInHostAllowed(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV !== 'production';
}

/** Fields the wallet adapters read alike: a stand-in host for tests, a call timeout, the shop's address. */
export function sharedProviderFields(env: NodeJS.ProcessEnv) {
  return {
    /** Tests and local runs only: the stand-in API (host:port) the SDK's calls go to. */
    apiHost: z
      .string()
      .regex(/^[\w.-]+(:\d+)?$/)
      .optional()
      .refine((v) => v === undefined || standInHostAllowed(env), 'is a test setting, refused in production'),
    /** Milliseconds an API call may take before the payment is left open for the sweeper. */
    timeoutMs: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** The shop's address as buyers reach it: providers send them back to absolute URLs. */
    publicUrl: z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, '')),
  };
}
