/**
 * The stand-in's test cards. GMO's test environment answers by card number and amount; the
 * stand-in names its own numbers, each standing for an answer GMO documents for ExecTran: a
 * frictionless success, a 3-D Secure 2.0 challenge, or an error (ErrCode / ErrInfo).
 */
export type CardBehaviour = { kind: 'success' } | { kind: 'challenge' } | { kind: 'error'; errCode: string; errInfo: string };

export const STAND_IN_CARDS = {
  success: '4111111111111111',
  challenge: '4000000000003220',
  /** The card company refused (取引判定保留 / カード使用不可). */
  declined: '4000000000000002',
  /** Balance or limit short. */
  insufficient: '4000000000000010',
  securityCode: '4000000000000101',
  cardNumber: '4000000000000119',
  expiry: '4000000000000127',
  /** GMO busy (E92) and a communication failure towards the card company (E90). */
  busy: '4000000000000200',
  communication: '4000000000000218',
} as const;

const ERRORS: Record<string, { errCode: string; errInfo: string }> = {
  [STAND_IN_CARDS.declined]: { errCode: 'G12', errInfo: '42G120000' },
  [STAND_IN_CARDS.insufficient]: { errCode: 'G02', errInfo: '42G020000' },
  [STAND_IN_CARDS.securityCode]: { errCode: 'G44', errInfo: '42G440000' },
  [STAND_IN_CARDS.cardNumber]: { errCode: 'G65', errInfo: '42G650000' },
  [STAND_IN_CARDS.expiry]: { errCode: 'G83', errInfo: '42G830000' },
  [STAND_IN_CARDS.busy]: { errCode: 'E92', errInfo: 'E92000001' },
  [STAND_IN_CARDS.communication]: { errCode: 'E90', errInfo: 'E90010001' },
};

export function behaviourOf(cardNumber: string): CardBehaviour {
  if (cardNumber === STAND_IN_CARDS.challenge) return { kind: 'challenge' };
  const error = ERRORS[cardNumber];
  return error ? { kind: 'error', ...error } : { kind: 'success' };
}

/**
 * The token API's checks (token.js result codes): 000 a token; 100/101/102 card number missing,
 * not digits, wrong length; 110/111/112/113 expiry missing, not digits, wrong length, month
 * beyond 12; 121/122 security code not digits, wrong length; 131/132 holder name characters,
 * length.
 */
export function tokenResultCode(card: { cardno?: string; expire?: string; securitycode?: string; holdername?: string }): string {
  const number = card.cardno ?? '';
  if (number === '') return '100';
  if (!/^\d+$/.test(number)) return '101';
  if (number.length < 10 || number.length > 16) return '102';
  const expire = card.expire ?? '';
  if (expire === '') return '110';
  if (!/^\d+$/.test(expire)) return '111';
  if (expire.length !== 4 && expire.length !== 6) return '112';
  const month = Number(expire.slice(-2));
  if (month < 1 || month > 12) return '113';
  const code = card.securitycode ?? '';
  if (code !== '' && !/^\d+$/.test(code)) return '121';
  if (code !== '' && (code.length < 3 || code.length > 4)) return '122';
  const name = card.holdername ?? '';
  if (name !== '' && !/^[A-Za-z .,/-]+$/.test(name)) return '131';
  if (name.length > 50) return '132';
  return '000';
}
