import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 codes as every authenticator app reads them: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;
const ISSUER = 'Oripa console';

function totpOf(secret: string, mail: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: mail, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A new random secret (160 bits), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the enrolment screen shows: the otpauth:// address and its QR code as a PNG data URL. */
export async function enrolment(secret: string, mail: string): Promise<{ url: string; qr: string }> {
  const url = totpOf(secret, mail).toString();
  return { url, qr: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }) };
}

/**
 * The time step a code belongs to when it is right (the current step or one either side, for
 * clock drift), or undefined. The caller accepts a step only once (operators.repo takeTotpStep).
 */
export function codeStep(secret: string, mail: string, code: string, now: Date): number | undefined {
  const delta = totpOf(secret, mail).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/** The code of `secret` at `at` (tests and the command line's checks). */
export function codeAt(secret: string, mail: string, at: Date): string {
  return totpOf(secret, mail).generate({ timestamp: at.getTime() });
}
