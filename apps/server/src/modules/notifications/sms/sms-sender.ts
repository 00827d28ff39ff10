/**
 * A real SMS provider's API as the shop's SMS job uses it (decision 031): `send` hands one
 * message to the provider and answers the provider's message id, or throws (the job retries);
 * `ping` is a cheap authenticated call for /readyz.
 */
export interface SmsSender {
  readonly name: 'twilio' | 'sns';
  send(toE164: string, text: string): Promise<string>;
  ping(): Promise<void>;
}

/** SMS providers the shop can be configured with (SMS_PROVIDER); 'sandbox' keeps SMS in the outbox. */
export const SMS_PROVIDERS = ['sandbox', 'twilio', 'sns'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/**
 * Parses an adapter's credentials from the environment with its own schema; throws a readable
 * error naming every missing or malformed variable, so the server refuses to start.
 */
export function readCredentials<T>(
  provider: string,
  schema: { safeParse(env: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } },
  env: NodeJS.ProcessEnv,
  alsoMissing: readonly string[] = [],
): T {
  const parsed = schema.safeParse(env);
  if (parsed.success && alsoMissing.length === 0) return parsed.data;
  const invalid = parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0] ?? ''));
  const names = [...new Set([...invalid, ...alsoMissing])].filter((n) => n !== '');
  throw new Error(`SMS_PROVIDER=${provider} needs ${names.join(', ')} (missing or invalid; see .env.example)`);
}
