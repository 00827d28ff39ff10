/**
 * The sandbox's test cards (listed in the README). A card number stands for what the card
 * company answers: success, a decline, a 3-D Secure challenge, or one of the provider error
 * codes of spec section 5. Any other valid number (Luhn) succeeds.
 */
export type CardScenario = { kind: 'success' } | { kind: 'decline' } | { kind: '3ds' } | { kind: 'code'; code: string };

/** The error codes a test card can produce at authorization, with what each stands for. */
export const CODE_CARD_MEANINGS: Record<string, string> = {
  '1300': 'card number missing',
  '1301': 'card number invalid',
  '1400': 'expiry month missing',
  '1401': 'expiry month invalid',
  '1500': 'expiry year missing',
  '1501': 'expiry year invalid',
  '1502': 'card expired',
  '1600': 'security code missing',
  '1601': 'security code invalid',
  '1700': 'cardholder name invalid',
  '8000': 'system maintenance',
  '7001': 'communication error',
};

/** Whether the digits pass the Luhn check. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The prefix completed with its Luhn check digit. */
export function withCheckDigit(prefix: string): string {
  for (let d = 0; d <= 9; d += 1) {
    if (luhnValid(`${prefix}${d}`)) return `${prefix}${d}`;
  }
  throw new Error(`no check digit for ${prefix}`);
}

/** 4000 00CC CC00 000L: a Visa test number answering provider code CCCC. */
export function codeCardNumber(code: string): string {
  return withCheckDigit(`400000${code}00000`);
}

export const SUCCESS_CARDS = ['4111111111111111', '5555555555554444', '3530111333300000'] as const;
export const DECLINED_CARD = '4000000000000002';
export const THREE_D_SECURE_CARD = '4000000000003220';

/** Every named test card with its scenario, in README order. */
export function testCards(): { number: string; scenario: CardScenario; meaning: string }[] {
  return [
    ...SUCCESS_CARDS.map((number) => ({ number, scenario: { kind: 'success' } as CardScenario, meaning: 'succeeds' })),
    { number: DECLINED_CARD, scenario: { kind: 'decline' }, meaning: 'declined by the card company (code G12)' },
    { number: THREE_D_SECURE_CARD, scenario: { kind: '3ds' }, meaning: 'asks for 3-D Secure (approve → success, decline → code 3DS)' },
    ...Object.entries(CODE_CARD_MEANINGS).map(([code, meaning]) => ({
      number: codeCardNumber(code),
      scenario: { kind: 'code', code } as CardScenario,
      meaning: `fails with code ${code} (${meaning})`,
    })),
  ];
}

/** What a (Luhn-valid) card number does in the sandbox. */
export function scenarioOf(number: string): CardScenario {
  const named = testCards().find((card) => card.number === number);
  return named?.scenario ?? { kind: 'success' };
}

export function scenarioText(scenario: CardScenario): string {
  return scenario.kind === 'code' ? `code:${scenario.code}` : scenario.kind;
}

export function parseScenario(text: string): CardScenario {
  if (text.startsWith('code:')) return { kind: 'code', code: text.slice(5) };
  if (text === 'decline' || text === '3ds') return { kind: text };
  return { kind: 'success' };
}
