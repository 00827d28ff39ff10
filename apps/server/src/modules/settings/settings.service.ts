import { DEFAULT_ALERT_SETTINGS, alertSettingsSchema, type AlertSettings } from '@oripa/contract/admin-alerts';
import { DEFAULT_POINT_SETTINGS, pointSettingsSchema, type PointSettings } from '@oripa/contract/bonuses';
import { BANNER_MODE } from '@oripa/contract/constants';
import { isRegistrationNumber } from '@oripa/contract/invoice';
import { DEFAULT_MINOR_CAPS, minorCapsSchema, type MinorCaps } from '@oripa/contract/play-safety';
import { randomBytes } from 'node:crypto';
import { publishChange } from '../../db/change-feed.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AUTO_COMBINE_SETTING } from '../../db/shipping-requests.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { readOrInitSetting, readSetting, writeSetting } from './settings.repo.ts';

const MAINTENANCE_KEY = 'maintenance';
const CSRF_SECRET_KEY = 'csrf_secret';
const BANNER_MODE_KEY = 'banner_mode';

/** The key csrf tokens are signed with: made once per shop, shared by every instance. */
export function csrfSecret(db: Db): Promise<string> {
  return readOrInitSetting(db, CSRF_SECRET_KEY, randomBytes(32).toString('base64url'));
}

export async function isMaintenance(db: DbOrTx): Promise<boolean> {
  return (await readSetting<boolean>(db, MAINTENANCE_KEY)) === true;
}

/** Switches maintenance; every instance learns of it when the caller's transaction commits. */
export async function setMaintenance(db: DbOrTx, on: boolean): Promise<void> {
  await writeSetting(db, MAINTENANCE_KEY, on);
  await publishChange(db, 'maintenance');
}

/** An operator's (or the command line's) switch of maintenance, audited in the same transaction. */
export async function switchMaintenance(db: Db, on: boolean, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await isMaintenance(tx);
    await setMaintenance(tx, on);
    await recordAudit(tx, actor, { action: 'maintenance.set', target: 'maintenance', before: { maintenance: before }, after: { maintenance: on } });
  });
}

/** Banner area mode: 1 image slider (default), 2 video. */
export async function bannerMode(db: Db): Promise<1 | 2> {
  return (await readSetting<number>(db, BANNER_MODE_KEY)) === BANNER_MODE.video ? BANNER_MODE.video : BANNER_MODE.slider;
}

export function setBannerMode(db: DbOrTx, mode: 1 | 2): Promise<void> {
  return writeSetting(db, BANNER_MODE_KEY, mode);
}

const WINS_MIN_RARITY_KEY = 'wins_min_rarity';
/** SR (rarity 5) and up, unless the operator sets another threshold. */
const DEFAULT_WINS_MIN_RARITY = 5;

/** The rarity (1-7) from which a won card shows in the public recent-wins feeds. */
export async function winsMinRarity(db: DbOrTx): Promise<number> {
  const value = await readSetting<number>(db, WINS_MIN_RARITY_KEY);
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 7 ? (value as number) : DEFAULT_WINS_MIN_RARITY;
}

export function setWinsMinRarity(db: DbOrTx, rarity: number): Promise<void> {
  return writeSetting(db, WINS_MIN_RARITY_KEY, rarity);
}

const MINOR_CAPS_KEY = 'minor_caps';

/** The monthly point-purchase caps of minors (decision 037); the defaults until the operator sets others. */
export async function minorCaps(db: DbOrTx): Promise<MinorCaps> {
  const stored = minorCapsSchema.safeParse(await readSetting<unknown>(db, MINOR_CAPS_KEY));
  return stored.success ? stored.data : { ...DEFAULT_MINOR_CAPS };
}

export function setMinorCaps(db: DbOrTx, caps: MinorCaps): Promise<void> {
  return writeSetting(db, MINOR_CAPS_KEY, caps);
}

const INVOICE_REGISTRATION_KEY = 'invoice_registration_number';

/**
 * The operator's qualified-invoice registration number (T + 13 digits) the receipts and the
 * legal pages show; '' until an owner enters it (decision 044). A stored value that no longer
 * passes the check reads as '' rather than reaching a receipt.
 */
export async function invoiceRegistrationNumber(db: DbOrTx): Promise<string> {
  const value = await readSetting<unknown>(db, INVOICE_REGISTRATION_KEY);
  return typeof value === 'string' && isRegistrationNumber(value) ? value : '';
}

/** An owner's change of the registration number ('' clears it), audited in the same transaction. */
export async function saveInvoiceRegistrationNumber(db: Db, value: string, actor: Actor): Promise<string> {
  if (value !== '' && !isRegistrationNumber(value)) throw AppError.field('registration_number', 'invoice.registration_number_invalid');
  await db.transaction(async (tx) => {
    const before = await invoiceRegistrationNumber(tx);
    await writeSetting(tx, INVOICE_REGISTRATION_KEY, value);
    await recordAudit(tx, actor, { action: 'invoice.registration', target: 'invoice_registration_number', before: { registration_number: before }, after: { registration_number: value } });
  });
  return value;
}

const ALERTS_KEY = 'alerts';

/** The shop's alert settings (decision 046): the stored ones, or the defaults where none are valid. */
export async function alertSettings(db: DbOrTx): Promise<AlertSettings> {
  const parsed = alertSettingsSchema.safeParse(await readSetting<unknown>(db, ALERTS_KEY));
  return parsed.success ? parsed.data : { ...DEFAULT_ALERT_SETTINGS, webhook_kinds: [...DEFAULT_ALERT_SETTINGS.webhook_kinds] };
}

export function setAlertSettings(db: DbOrTx, settings: AlertSettings): Promise<void> {
  return writeSetting(db, ALERTS_KEY, settings);
}

/**
 * Whether a member's new shipping request joins their open parcel to the same address by itself
 * (同梱, decision 051); off until the operator turns it on. The insert of requests reads the same key.
 */
export async function shippingAutoCombine(db: DbOrTx): Promise<boolean> {
  return (await readSetting<boolean>(db, AUTO_COMBINE_SETTING)) === true;
}

export function setShippingAutoCombine(db: DbOrTx, on: boolean): Promise<void> {
  return writeSetting(db, AUTO_COMBINE_SETTING, on);
}

const INQUIRY_FORM_KEY = 'inquiry_form';

/**
 * Whether members ask through the on-site form (/inquiry, decision 052) rather than the outside
 * contact page (CONTACT_URL): off until an operator turns it on.
 */
export async function inquiryFormEnabled(db: DbOrTx): Promise<boolean> {
  return (await readSetting<boolean>(db, INQUIRY_FORM_KEY)) === true;
}

/** An operator's switch of the on-site inquiry form, audited in the same transaction. */
export async function switchInquiryForm(db: Db, on: boolean, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await inquiryFormEnabled(tx);
    await writeSetting(tx, INQUIRY_FORM_KEY, on);
    await recordAudit(tx, actor, { action: 'inquiries.form', target: 'settings:inquiry_form', before: { enabled: before }, after: { enabled: on } });
  });
}

const POINT_SETTINGS_KEY = 'point_settings';

/**
 * The login bonus (off until the operator turns it on) and the free points' lifetime (90 days
 * unless set): the stored ones, or the defaults where none are valid (decision 055).
 */
export async function pointSettings(db: DbOrTx): Promise<PointSettings> {
  const parsed = pointSettingsSchema.safeParse(await readSetting<unknown>(db, POINT_SETTINGS_KEY));
  return parsed.success ? parsed.data : { ...DEFAULT_POINT_SETTINGS };
}

/** Days a free lot lives after its grant. */
export async function freePointDays(db: DbOrTx): Promise<number> {
  return (await pointSettings(db)).free_point_days;
}

/** An operator's (or the command line's) change of the point settings, audited in the same transaction. */
export async function savePointSettings(db: Db, settings: PointSettings, actor: Actor): Promise<PointSettings> {
  await db.transaction(async (tx) => {
    const before = await pointSettings(tx);
    await writeSetting(tx, POINT_SETTINGS_KEY, settings);
    await recordAudit(tx, actor, { action: 'points.settings', target: 'point_settings', before, after: settings });
  });
  return settings;
}

