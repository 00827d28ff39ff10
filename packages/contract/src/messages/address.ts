import type { Lang } from '../states.ts';

/** Messages of postal codes and the address lookup. */
export const ADDRESS_MESSAGES = {
  'address.zipcode_format': {
    ja: '郵便番号はハイフンなしの半角数字7桁で入力してください。',
    en: 'Enter the postal code as 7 digits without a hyphen.',
  },
  'address.zipcode_not_found': {
    ja: '該当する住所が見つかりませんでした。郵便番号をご確認ください。',
    en: 'No address was found for this postal code. Please check the code.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
