import fc from 'fast-check';

/**
 * Generators of hostile input for the fuzz test: the values a probe sends to every call (wrong
 * types, huge and negative numbers, unicode, control and bidirectional characters, long strings,
 * prototype keys, arrays where objects belong, malformed JSON). Plausible values are mixed in
 * (`known` ids of the test shop, small counts) so that requests also get past the first check.
 */

/**
 * Percent-encodes any string, lone surrogates included (encodeURIComponent throws on those; a
 * probe's bytes need not be valid UTF-16, so they go out as the replacement character's bytes).
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Field names of the contract's payloads and queries, and keys that poison prototypes. */
export const FIELD_NAMES = [
  'count', 'pack_id', 'point_price_id', 'pay_id', 'pay_type', 'token', 'id', 'name', 'combini_code', 'carrier_id',
  'checkout_session_id', 'mail', 'pass', 'confirmPass', 'lastName', 'middleName', 'firstName', 'tel', 'zipcode',
  'pref_id', 'country', 'shiku', 'address', 'building', 'referralCode', 'save_cookie', 'sms_code', 'send_card',
  'reduction_card', 'mode', 'payment_method', 'card_id', 'change_num', 'searchText', 'sort', 'type', 'coin',
  'next_month_rank', 'payment_id', 'pack_history_id', 'amazonCheckoutSessionId', 'ref', 'lang', 'page',
  'decision', 'payloadJSON', 'signature', 'pay_method', 'card_number', 'kind', 'notice',
  // The console's payloads and queries (/api/admin/*).
  'q', 'member', 'method', 'state', 'from', 'to', 'user_id', 'direction', 'amount', 'reason', 'request_id', 'suspended',
  'body', 'late', 'course_id', 'points', 'yen', 'reference', 'operator_id', 'role', 'disabled', 'maintenance', 'code',
  'new_pass', 'per', 'dir', 'actor', 'action', 'target', 'limit',
  // The shipping queue's payloads (issue 22 G: tracking imports).
  'file_base64', 'ids', 'carrier', 'tracking_number', 'request_ids',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
] as const;

const NASTY_STRINGS = [
  '', ' ', '0', '1', '2', '3', '4', '-1', '2147483647', '2147483648', '-2147483649', '99999999999999999999',
  '9007199254740993', '1e3', '1.5', ' 1', '1 ', '0x10', '+1', 'NaN', 'Infinity', 'null', 'true', '[1]', '{}',
  '\u0000', 'a\u0000b', '\u0007', '\t', '\n', '\r\n', '\u001B[31m', '\u007F', '\u0085', '\u202Eevil', '\u2066x\u2069',
  '\u200F', '\uD800', '\uDFFF', '\uFEFF', '\u2028', '%00', '%', '../../etc/passwd', "' OR 1=1 --", '"; drop table users; --',
  '<script>alert(1)</script>', '__proto__', 'constructor', 'ｔｅｓｔ＠ｅｘａｍｐｌｅ．ｃｏｍ', '😀😀😀', 'é'.normalize('NFD'),
  'a@example.com', 'secret123', '1500002', '09012345678', 'ヤマダ', 'cs_abc', 'sbx_abc', 'tok_abc', 'approve', 'decline',
  'en', 'ja',
  // Formula starts for the carrier files (issue 22 C), also those the code page maps to '-'.
  "-2+3+cmd|' /C calc'!A0", '\u20102+3', '\u22121', '＝1+1', '＠SUM(A1)',
];

const NASTY_NUMBERS = [0, -0, 1, 2, 3, -1, 1.5, 2147483647, 2147483648, -2147483648, -2147483649, 2 ** 53, 1e21, 1e308, -1e308, 3000, 3001];

/** A string a probe would send: catalogued nasties, arbitrary code units, control-heavy or long text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u001F', '\u007F', '\u202E', '\u2068', 'a', 'あ', '1', ' '), maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 5000 }) },
);

/** A number a probe would send: around the integer limits, fractions, exponents. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
);

/** Any JSON value, hostile at every level (arrays for objects, objects for strings, nesting). */
export function hostileValue(known: number[]): fc.Arbitrary<unknown> {
  const knownId = known.length > 0 ? fc.constantFrom(...known) : fc.constant(1);
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: hostileString },
      { weight: 3, arbitrary: hostileNumber },
      { weight: 2, arbitrary: knownId },
      { weight: 2, arbitrary: fc.integer({ min: 1, max: 3 }) },
      { weight: 1, arbitrary: fc.boolean() },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie('value'), { maxKeys: 3 }) },
    ),
  }));
  return value;
}

/** JSON texts no serializer writes: broken syntax, prototype keys, numbers past double, duplicates. */
const RAW_JSON = [
  '{', '{"count":', '[', ']', 'null', 'true', '1', '"text"', '{}', '[]', '[{"count":1}]', '{"count":1e400}',
  '{"count":-1e400,"pack_id":1e-400}', '{"count":1,"count":"x"}', '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}', '{"count":{"__proto__":{"polluted":"yes"}}}',
  '{"mail":"\\u0000"}', '{"lastName":"\\ud800"}', '{"count":"\\u0031"}', '\u0000', '{"a":1}garbage', ' {"count":1} ',
  '{"send_card":[1,[2,[3,[4]]]],"reduction_card":{"0":1}}', `{"count":${'9'.repeat(400)}}`,
];

/** The `json` form field: mostly a generated object, sometimes another JSON value or broken text. */
export function jsonText(known: number[]): fc.Arbitrary<string> {
  const payload = fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue(known), { maxKeys: 8 });
  return fc.oneof(
    { weight: 6, arbitrary: payload.map((p) => JSON.stringify(p)) },
    { weight: 1, arbitrary: hostileValue(known).map((v) => JSON.stringify(v) ?? '') },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_JSON) },
    { weight: 1, arbitrary: hostileString },
  );
}

/** A path segment: an encoded hostile string, a known id, or raw bytes a router must survive. */
export function pathSegment(known: number[]): fc.Arbitrary<string> {
  const knownId = known.length > 0 ? fc.constantFrom(...known) : fc.constant(1);
  return fc.oneof(
    { weight: 3, arbitrary: hostileString.map(percentEncode) },
    { weight: 2, arbitrary: knownId.map(String) },
    { weight: 1, arbitrary: hostileNumber.map(String) },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%E2%80%AE', '%', '%zz', '%C0%AF', '%ED%A0%80', '..', '.', 'a'.repeat(150)) },
  );
}

/** A query string: known and prototype keys, hostile values, repeated keys (arrays). */
export function queryString(known: number[]): fc.Arbitrary<string> {
  const value = fc.oneof(hostileString.map(percentEncode), fc.constantFrom('%00', '%', '%zz'), fc.constantFrom(...known.map(String), '1'));
  return fc
    .array(fc.tuple(fc.constantFrom(...FIELD_NAMES), value), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${v}`).join('&'));
}

/** How the csrf field of a POST is sent. */
export const csrfMode = fc.constantFrom('own', 'own', 'own', 'missing', 'foreign', 'garbage', 'twice');
export type CsrfMode = 'own' | 'missing' | 'foreign' | 'garbage' | 'twice';

/** How the body of a POST is sent: the form the web app sends, or something else. */
export const bodyMode = fc.constantFrom('form', 'form', 'form', 'form', 'json-twice', 'extra-fields', 'application/json', 'text/plain', 'empty', 'huge');
export type BodyMode = 'form' | 'json-twice' | 'extra-fields' | 'application/json' | 'text/plain' | 'empty' | 'huge';
