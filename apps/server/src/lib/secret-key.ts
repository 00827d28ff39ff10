import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A 32-byte secret from configuration (hex), else from `DATA_DIR/<file>`, created there (mode
 * 0600) on first use: the offline default works with nothing set, and the CLI and the server
 * sharing a data folder share the key. Several instances on PostgreSQL must be given the value.
 */
export function secretKey(configured: string | undefined, dataDir: string, file: string): Buffer {
  if (configured) return Buffer.from(configured, 'hex');
  const where = path.join(dataDir, file);
  if (fs.existsSync(where)) {
    const text = fs.readFileSync(where, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(`${where} does not hold a 64-digit hex key`);
    return Buffer.from(text, 'hex');
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': two processes starting together never overwrite each other's key.
  try {
    fs.writeFileSync(where, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return secretKey(undefined, dataDir, file);
    throw error;
  }
  return key;
}
