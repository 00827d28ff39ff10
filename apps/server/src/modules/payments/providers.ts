import type { PayId } from '@oripa/contract/payments';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox/sandbox-provider.ts';
import { GmoProvider } from './gmo/gmo-provider.ts';
import { readGmoSettings } from './gmo/gmo-settings.ts';
import { AmazonPayProvider } from './amazonpay/amazonpay-provider.ts';
import { PayPalProvider } from './paypal/paypal-provider.ts';

/**
 * Every payment provider adapter the shop knows, by name. To plug a real provider in: implement
 * PaymentProvider (provider.ts) in modules/payments/<name>/, add its factory here (reading its
 * own credentials from the environment), and route payment ids to it with PAYMENT_PROVIDERS
 * (e.g. '1:gmo,8:gmo,*:sandbox'). A payment keeps the name of the provider that took it, so
 * orders made before a switch still complete with their own provider.
 */
const FACTORIES: Record<string, (db: Db) => PaymentProvider> = {
  sandbox: (db) => new SandboxProvider(db),
  gmo: (db) => new GmoProvider(db, readGmoSettings(process.env)),
  amazonpay: (db) => new AmazonPayProvider(db),
  paypal: () => new PayPalProvider(),
};

const instances = new WeakMap<Db, Map<string, PaymentProvider>>();

export function isKnownProvider(name: string): boolean {
  return Object.hasOwn(FACTORIES, name);
}

/** The adapter called `name` (one instance per database). */
export function providerNamed(db: Db, name: string): PaymentProvider {
  let byName = instances.get(db);
  if (!byName) {
    byName = new Map();
    instances.set(db, byName);
  }
  let provider = byName.get(name);
  if (!provider) {
    const factory = FACTORIES[name];
    if (!factory) throw new Error(`unknown payment provider "${name}"`);
    provider = factory(db);
    byName.set(name, provider);
  }
  return provider;
}

/** The name of the provider that takes new payments of `payId`. */
export function providerNameFor(config: Config, payId: PayId): string {
  return config.PAYMENT_PROVIDERS[String(payId)] ?? config.PAYMENT_PROVIDERS['*'] ?? 'sandbox';
}

/** The provider that takes new payments of `payId`, per PAYMENT_PROVIDERS. */
export function providerFor(db: Db, config: Config, payId: PayId): PaymentProvider {
  return providerNamed(db, providerNameFor(config, payId));
}

/**
 * Fails fast at start when PAYMENT_PROVIDERS names an unknown adapter or one that lacks a method,
 * or when production would take real orders through the sandbox.
 */
export function assertProvidersConfigured(db: Db, config: Config): void {
  for (const payId of config.PAYMENT_METHODS as PayId[]) {
    const name = providerNameFor(config, payId);
    if (name === 'sandbox' && config.NODE_ENV === 'production' && !config.PAYMENT_ALLOW_SANDBOX) {
      throw new Error(
        `payment id ${payId} would use the sandbox provider in production, where its test cards and approve buttons credit points for no money: configure a real provider in PAYMENT_PROVIDERS, leave the method out of PAYMENT_METHODS, or set PAYMENT_ALLOW_SANDBOX=1 for a demo`,
      );
    }
    if (!isKnownProvider(name)) throw new Error(`PAYMENT_PROVIDERS names an unknown provider "${name}" (known: ${Object.keys(FACTORIES).join(', ')})`);
    if (!providerNamed(db, name).payIds.includes(payId)) throw new Error(`payment provider "${name}" does not take payment id ${payId}`);
  }
}

/**
 * Origins the browser must reach for the routed providers' tokenizer scripts (the shop's CSP
 * script-src and connect-src): GMO's token.js and the token API it calls.
 */
export function providerScriptOrigins(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  const names = new Set(Object.values(config.PAYMENT_PROVIDERS));
  const origins: string[] = [];
  if (names.has('gmo')) {
    const settings = readGmoSettings(env);
    origins.push(new URL(settings.GMO_TOKEN_SCRIPT_URL).origin, new URL(settings.GMO_API_URL).origin);
  }
  return [...new Set(origins)];
}
