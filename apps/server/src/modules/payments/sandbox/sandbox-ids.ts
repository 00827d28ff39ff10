import { randomBytes } from 'node:crypto';

/** The sandbox provider's fixed identities (a real provider issues these to the shop). */
export const SANDBOX_SHOP_ID = 'oripa-sandbox-shop';
export const SANDBOX_STORE_ID = 'oripa-sandbox-store';
export const SANDBOX_PUBLIC_KEY_ID = 'SANDBOX-PUBLIC-KEY';

/** An unguessable reference: tok_…, sbx_…, cs_…. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

const REF_PATTERN = /^[a-z]{2,5}_[A-Za-z0-9_-]{1,64}$/;

/** Whether a reference from a URL can be one the sandbox issued: checked before any query. */
export const isSandboxRef = (value: unknown): value is string => typeof value === 'string' && REF_PATTERN.test(value);
