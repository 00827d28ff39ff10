import { randomBytes } from 'node:crypto';

/** The sandbox provider's fixed identities (a real provider issues these to the shop). */
export const SANDBOX_SHOP_ID = 'oripa-sandbox-shop';
export const SANDBOX_STORE_ID = 'oripa-sandbox-store';
export const SANDBOX_PUBLIC_KEY_ID = 'SANDBOX-PUBLIC-KEY';

/** An unguessable reference: tok_…, sbx_…, cs_…. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;
