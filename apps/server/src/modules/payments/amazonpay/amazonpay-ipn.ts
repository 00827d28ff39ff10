import { createVerify, X509Certificate } from 'node:crypto';
import https from 'node:https';
import { z } from 'zod';
import { NotificationRejectedError, ProviderUnavailableError } from '../provider.ts';
import type { AmazonPaySettings } from './amazonpay-env.ts';

/**
 * Amazon Pay's Instant Payment Notifications arrive as Amazon SNS HTTP notifications (a JSON
 * body sent as text/plain). Verified as the SNS documentation says: the signing certificate
 * comes over HTTPS from an sns.<region>.amazonaws.com address and is issued to
 * sns.amazonaws.com, and the Signature (SHA1withRSA for version 1, SHA256withRSA for 2) covers
 * Message, MessageId, Subject (if any), Timestamp, TopicArn and Type. The IPN itself only names
 * objects; the adapter then asks Amazon Pay about them.
 */

const envelopeSchema = z.object({
  Type: z.literal('Notification'),
  MessageId: z.string().min(1),
  TopicArn: z.string().min(1),
  Subject: z.string().optional(),
  Message: z.string().min(1),
  Timestamp: z.string().min(1),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string().min(1),
  SigningCertURL: z.string().min(1),
});

const ipnSchema = z.object({
  MerchantID: z.string().min(1),
  ObjectType: z.enum(['CHARGE_PERMISSION', 'CHARGE', 'REFUND', 'CHARGEBACK', 'CHECKOUT_SESSION']),
  ObjectId: z.string().min(1).max(200),
  ChargePermissionId: z.string().min(1).max(200),
  NotificationType: z.string(),
});

export type AmazonPayIpn = z.infer<typeof ipnSchema>;

const SNS_CERT_URL = /^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/[^?#]+\.pem$/;

function trustedCertUrl(url: string, settings: AmazonPaySettings): boolean {
  if (settings.AMAZON_PAY_API_HOST) return url.startsWith(`https://${settings.AMAZON_PAY_API_HOST}/`) && url.endsWith('.pem');
  return SNS_CERT_URL.test(url);
}

function download(url: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { timeout: timeoutMs }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new ProviderUnavailableError(`signing certificate answered ${response.statusCode}`));
        return;
      }
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve(text));
    });
    request.on('timeout', () => request.destroy(new ProviderUnavailableError('signing certificate timed out')));
    request.on('error', reject);
  });
}

const certificates = new Map<string, X509Certificate>();

async function certificateAt(url: string, settings: AmazonPaySettings): Promise<X509Certificate> {
  const known = certificates.get(url);
  if (known) return known;
  const certificate = new X509Certificate(await download(url, settings.AMAZON_PAY_TIMEOUT_MS));
  if (!settings.AMAZON_PAY_API_HOST && !/CN=sns\.amazonaws\.com/.test(certificate.subject)) {
    throw new NotificationRejectedError('signing certificate not issued to sns.amazonaws.com');
  }
  certificates.set(url, certificate);
  return certificate;
}

function stringToSign(envelope: z.infer<typeof envelopeSchema>): string {
  const fields: [string, string | undefined][] = [
    ['Message', envelope.Message],
    ['MessageId', envelope.MessageId],
    ['Subject', envelope.Subject],
    ['Timestamp', envelope.Timestamp],
    ['TopicArn', envelope.TopicArn],
    ['Type', envelope.Type],
  ];
  return fields
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}\n${value}\n`)
    .join('');
}

/** The IPN of a genuine SNS notification for this merchant; throws NotificationRejectedError otherwise. */
export async function verifiedIpn(body: unknown, settings: AmazonPaySettings): Promise<AmazonPayIpn> {
  let raw: unknown = body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    try {
      raw = JSON.parse(String(body));
    } catch {
      throw new NotificationRejectedError('IPN body is not JSON');
    }
  }
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) throw new NotificationRejectedError('not an SNS notification');
  const { SigningCertURL, SignatureVersion, Signature } = envelope.data;
  if (!trustedCertUrl(SigningCertURL, settings)) throw new NotificationRejectedError('untrusted signing certificate address');
  const certificate = await certificateAt(SigningCertURL, settings);
  const now = new Date();
  if (new Date(certificate.validTo) < now || new Date(certificate.validFrom) > now) throw new NotificationRejectedError('signing certificate out of date');
  const verifier = createVerify(SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256').update(stringToSign(envelope.data));
  if (!verifier.verify(certificate.publicKey, Signature, 'base64')) throw new NotificationRejectedError('bad SNS signature');
  let message: unknown;
  try {
    message = JSON.parse(envelope.data.Message);
  } catch {
    throw new NotificationRejectedError('IPN message is not JSON');
  }
  const ipn = ipnSchema.safeParse(message);
  if (!ipn.success) throw new NotificationRejectedError('malformed IPN message');
  if (ipn.data.MerchantID !== settings.AMAZON_PAY_MERCHANT_ID) throw new NotificationRejectedError('IPN for another merchant');
  return ipn.data;
}
