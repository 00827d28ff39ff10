import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Tests only: local stand-ins of the SMS providers' HTTP APIs, written from their published
 * documents (decision 031), never from the shop's adapters:
 * - Twilio's Messages API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP basic
 *   auth with the account SID and auth token, a form body (To, From or MessagingServiceSid,
 *   Body); 201 with the Message resource (sid SM…, status queued); errors as Twilio's JSON
 *   `{code, message, more_info, status}` (20003 authentication, 21211 invalid To). The account
 *   fetch `GET /2010-04-01/Accounts/{AccountSid}.json` serves the readiness probe.
 * - Amazon SNS's query API: `POST /` with a form body `Action=Publish&Version=2010-03-31&
 *   PhoneNumber=…&Message=…` (and MessageAttributes.entry.N…), signed with AWS Signature V4
 *   (an `Authorization: AWS4-HMAC-SHA256 Credential=<key id>/…` header); answers the XML
 *   `PublishResponse/PublishResult/MessageId`, `GetSMSAttributesResponse`, or an
 *   `ErrorResponse` with its `Error/Code`.
 * `failNext` makes the next sends fail with a server error, as a provider's outage would.
 */
export interface SmsStandIn {
  url: string;
  /** Messages accepted: the number as the provider received it and the text. */
  received: { to: string; body: string; id: string }[];
  /** Send attempts, failed or not. */
  attempts: number;
  failNext: number;
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(new URLSearchParams(text)));
    request.on('error', reject);
  });
}

async function listen(handler: (standIn: SmsStandIn, request: http.IncomingMessage, response: http.ServerResponse) => Promise<unknown>): Promise<SmsStandIn> {
  const standIn = { received: [], attempts: 0, failNext: 0 } as unknown as SmsStandIn;
  const server = http.createServer((request, response) => {
    handler(standIn, request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () => new Promise((resolve) => server.close(() => resolve()));
  return standIn;
}

const E164 = /^\+[1-9]\d{6,14}$/;
const hex = (n: number) => randomBytes(n).toString('hex');

export function twilioStandIn(accountSid: string, authToken: string): Promise<SmsStandIn> {
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const json = (response: http.ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const error = (response: http.ServerResponse, status: number, code: number, message: string) =>
    json(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  return listen(async (standIn, request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.headers.authorization !== expected) return error(response, 401, 20003, 'Authenticate');
    if (request.method === 'GET' && url.pathname === `/2010-04-01/Accounts/${accountSid}.json`) {
      return json(response, 200, { sid: accountSid, friendly_name: 'stand-in', status: 'active', type: 'Full' });
    }
    if (request.method !== 'POST' || url.pathname !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return error(response, 404, 20404, 'The requested resource was not found');
    const form = await readBody(request);
    standIn.attempts += 1;
    if (standIn.failNext > 0) {
      standIn.failNext -= 1;
      return error(response, 500, 20500, 'Internal Server Error');
    }
    const to = form.get('To') ?? '';
    if (!E164.test(to)) return error(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!form.get('From') && !form.get('MessagingServiceSid')) return error(response, 400, 21603, "A 'From' phone number is required.");
    const sid = `SM${hex(16)}`;
    standIn.received.push({ to, body: form.get('Body') ?? '', id: sid });
    return json(response, 201, { sid, account_sid: accountSid, to, from: form.get('From'), body: form.get('Body'), status: 'queued', direction: 'outbound-api', api_version: '2010-04-01', error_code: null, error_message: null, uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json` });
  });
}

const SNS_NS = 'http://sns.amazonaws.com/doc/2010-03-31/';

export function snsStandIn(accessKeyId: string): Promise<SmsStandIn> {
  const xml = (response: http.ServerResponse, status: number, body: string) => response.writeHead(status, { 'content-type': 'text/xml' }).end(body);
  const requestId = () => `${hex(4)}-${hex(2)}-${hex(2)}-${hex(2)}-${hex(6)}`;
  const error = (response: http.ServerResponse, status: number, type: string, code: string, message: string) =>
    xml(response, status, `<ErrorResponse xmlns="${SNS_NS}"><Error><Type>${type}</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>${requestId()}</RequestId></ErrorResponse>`);
  return listen(async (standIn, request, response) => {
    const auth = String(request.headers.authorization ?? '');
    if (request.method !== 'POST') return error(response, 400, 'Sender', 'InvalidAction', 'POST only');
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) return error(response, 403, 'Sender', 'InvalidClientTokenId', 'The security token included in the request is invalid.');
    const form = await readBody(request);
    if (form.get('Version') !== '2010-03-31') return error(response, 400, 'Sender', 'InvalidParameter', 'Version');
    if (form.get('Action') === 'GetSMSAttributes') {
      return xml(response, 200, `<GetSMSAttributesResponse xmlns="${SNS_NS}"><GetSMSAttributesResult><attributes><entry><key>DefaultSMSType</key><value>Transactional</value></entry></attributes></GetSMSAttributesResult><ResponseMetadata><RequestId>${requestId()}</RequestId></ResponseMetadata></GetSMSAttributesResponse>`);
    }
    if (form.get('Action') !== 'Publish') return error(response, 400, 'Sender', 'InvalidAction', 'unknown action');
    standIn.attempts += 1;
    if (standIn.failNext > 0) {
      standIn.failNext -= 1;
      return error(response, 500, 'Receiver', 'InternalError', 'The request processing has failed because of an unknown error, exception or failure.');
    }
    const to = form.get('PhoneNumber') ?? '';
    if (!E164.test(to)) return error(response, 400, 'Sender', 'InvalidParameter', 'Invalid parameter: PhoneNumber Reason: it is not a valid phone number');
    const id = `${hex(4)}-${hex(2)}-${hex(2)}-${hex(2)}-${hex(6)}`;
    standIn.received.push({ to, body: form.get('Message') ?? '', id });
    return xml(response, 200, `<PublishResponse xmlns="${SNS_NS}"><PublishResult><MessageId>${id}</MessageId></PublishResult><ResponseMetadata><RequestId>${requestId()}</RequestId></ResponseMetadata></PublishResponse>`);
  });
}
