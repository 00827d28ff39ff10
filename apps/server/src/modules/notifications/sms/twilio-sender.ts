import type Twilio from 'twilio';
import { z } from 'zod';
import { readCredentials, type SmsSender } from './sms-sender.ts';

/**
 * Twilio's credentials (decision 031): the account SID and auth token of the Twilio console, and
 * who sends — a Twilio number (TWILIO_FROM, E.164) or a Messaging Service (its MG… SID).
 * TWILIO_API_BASE_URL points the SDK at another host (a local stand-in in tests) through the
 * SDK's documented custom HTTP client; unset, the SDK talks to https://api.twilio.com.
 */
const twilioEnv = z.object({
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'an AC… account SID'),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'the auth token'),
  TWILIO_FROM: z.string().regex(/^\+[1-9]\d{6,14}$/).optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().regex(/^MG[0-9a-fA-F]{32}$/).optional(),
  TWILIO_API_BASE_URL: z.url().optional(),
});

const TWILIO_API = 'https://api.twilio.com';

type TwilioModule = typeof Twilio;

/** The SDK's request client, with Twilio's host replaced by `baseUrl` (Twilio's documented custom-client hook). */
function rebasedClient(twilio: TwilioModule, baseUrl: string): Twilio.RequestClient {
  const inner = new twilio.RequestClient({ timeout: 10_000 });
  const base = baseUrl.replace(/\/+$/, '');
  const client = Object.create(inner) as Twilio.RequestClient;
  client.request = (options) => inner.request({ ...options, uri: options.uri.replace(TWILIO_API, base) });
  return client;
}

/**
 * Sends through Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json) with the
 * official SDK. The credentials are checked at once (the server refuses to start without them);
 * the SDK itself is loaded on first use, so a shop on the sandbox never loads it.
 */
export function createTwilioSender(env: NodeJS.ProcessEnv): SmsSender {
  // Who sends: a number or a Messaging Service, one of the two.
  const noSender = !env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID ? ['TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID)'] : [];
  const creds = readCredentials('twilio', twilioEnv, env, noSender);
  let client: Promise<Twilio.Twilio> | undefined;
  const connect = () =>
    (client ??= import('twilio').then(({ default: twilio }) =>
      twilio(creds.TWILIO_ACCOUNT_SID, creds.TWILIO_AUTH_TOKEN, {
        // The job engine retries with backoff; the SDK's own retry of 429s would stack on it.
        autoRetry: false,
        timeout: 10_000,
        ...(creds.TWILIO_API_BASE_URL ? { httpClient: rebasedClient(twilio, creds.TWILIO_API_BASE_URL) } : {}),
      }),
    ));
  const sender = creds.TWILIO_MESSAGING_SERVICE_SID ? { messagingServiceSid: creds.TWILIO_MESSAGING_SERVICE_SID } : { from: creds.TWILIO_FROM! };
  return {
    name: 'twilio',
    async send(to, text) {
      const message = await (await connect()).messages.create({ to, body: text, ...sender });
      return message.sid;
    },
    async ping() {
      await (await connect()).api.v2010.accounts(creds.TWILIO_ACCOUNT_SID).fetch();
    },
  };
}
