import { describe, expect, it } from 'vitest';
import { DB_INT_MAX, idSchema, intField, providerRefField, textField } from './fields.ts';

describe('intField', () => {
  const count = intField({ min: 1, max: 3000, message: 'gacha.count_invalid', tooBig: 'gacha.count_too_many' });

  it('takes a JSON integer or a string of digits', () => {
    expect(count.parse(1)).toBe(1);
    expect(count.parse('25')).toBe(25);
    expect(count.parse('0003')).toBe(3);
  });

  it.each([[[1]], [true], [' 1'], ['1 '], [1.5], ['1.0'], ['1e3'], ['+1'], ['-1'], ['0x10'], [''], [null], [{}], [Number.POSITIVE_INFINITY], [0]])(
    'refuses %j with the field’s message, never coercing it',
    (value) => {
      const result = count.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('gacha.count_invalid');
    },
  );

  it('says "too many" above the maximum', () => {
    expect(count.safeParse(3001).error?.issues[0]?.message).toBe('gacha.count_too_many');
    expect(count.safeParse('99999999999999999999').error?.issues[0]?.message).toBe('gacha.count_invalid');
  });
});

describe('idSchema', () => {
  it('is the database integer range 1..2147483647', () => {
    expect(idSchema.parse(DB_INT_MAX)).toBe(2147483647);
    expect(idSchema.parse(String(DB_INT_MAX))).toBe(2147483647);
    expect(idSchema.safeParse(DB_INT_MAX + 1).success).toBe(false);
    expect(idSchema.safeParse('2147483648').success).toBe(false);
    expect(idSchema.safeParse(0).success).toBe(false);
  });
});

describe('textField', () => {
  it('refuses control characters, and direction controls where text goes on labels', () => {
    expect(textField().safeParse('a\u0000b').error?.issues[0]?.message).toBe('common.control_character');
    expect(textField().safeParse('a\nb').success).toBe(false);
    expect(textField().safeParse('a\u0085b').success).toBe(false);
    expect(textField().safeParse('a\u202Eb').success).toBe(true);
    // A surrogate without its pair (jsonb refuses it) is refused; a pair is an emoji.
    for (const broken of ['\uD800', 'a\uDFFFb', '\uDC00\uD800', 'x\uD83D']) {
      expect(textField().safeParse(broken).error?.issues[0]?.message).toBe('common.broken_character');
    }
    expect(textField().safeParse('\uD83D\uDE00').success).toBe(true);
    for (const mark of ['\u202A', '\u202E', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C']) {
      expect(textField({ printable: true }).safeParse(`a${mark}b`).error?.issues[0]?.message).toBe('common.direction_character');
    }
  });

  it('keeps Japanese, full-width spaces, emoji and apostrophes', () => {
    for (const text of ['山田　花子', 'ヒカリエ10階', 'O’Brien', 'Zoë', '😀']) {
      expect(textField({ printable: true }).parse(text)).toBe(text);
    }
  });
});

describe('providerRefField', () => {
  it('takes provider ids and refuses anything else', () => {
    expect(providerRefField().parse('cs_AbC-12_x')).toBe('cs_AbC-12_x');
    expect(providerRefField().parse('bd504926-f659-4ad7-a1a9-9a747aaf5275')).toBe('bd504926-f659-4ad7-a1a9-9a747aaf5275');
    for (const bad of ['', 'cs_\u0000', 'a b', 'x'.repeat(201), '<script>']) {
      expect(providerRefField().safeParse(bad).success).toBe(false);
    }
  });
});
