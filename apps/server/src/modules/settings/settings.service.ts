import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { readOrInitSetting, readSetting, writeSetting } from './settings.repo.ts';

const MAINTENANCE_KEY = 'maintenance';
const CSRF_SECRET_KEY = 'csrf_secret';
const BANNER_MODE_KEY = 'banner_mode';

/** The key csrf tokens are signed with: made once per shop, shared by every instance. */
export function csrfSecret(db: Db): Promise<string> {
  return readOrInitSetting(db, CSRF_SECRET_KEY, randomBytes(32).toString('base64url'));
}

export async function isMaintenance(db: Db): Promise<boolean> {
  return (await readSetting<boolean>(db, MAINTENANCE_KEY)) === true;
}

export function setMaintenance(db: Db, on: boolean): Promise<void> {
  return writeSetting(db, MAINTENANCE_KEY, on);
}

/** Banner area mode: 1 image slider (default), 2 video. */
export async function bannerMode(db: Db): Promise<1 | 2> {
  return (await readSetting<number>(db, BANNER_MODE_KEY)) === 2 ? 2 : 1;
}

export function setBannerMode(db: Db, mode: 1 | 2): Promise<void> {
  return writeSetting(db, BANNER_MODE_KEY, mode);
}
