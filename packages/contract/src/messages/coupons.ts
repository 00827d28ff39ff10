import type { Lang } from '../states.ts';

/** Messages of coupons and promotion codes (decision 059). */
export const COUPON_MESSAGES = {
  'coupons.code_format': {
    ja: 'コードは英数字4〜32文字で入力してください。',
    en: 'Enter a code of 4 to 32 letters and digits.',
  },
  'coupons.unknown': { ja: 'このコードは使えません。入力したコードをご確認ください。', en: 'This code cannot be used. Please check the code you entered.' },
  'coupons.not_started': { ja: 'このコードはまだ使えません（{from}から）。', en: 'This code cannot be used yet (from {from}).' },
  'coupons.ended': { ja: 'このコードの有効期限は終了しました。', en: 'This code has expired.' },
  'coupons.paused': { ja: 'このコードは現在使えません。', en: 'This code is not available at the moment.' },
  'coupons.exhausted': { ja: 'このコードは上限に達したため終了しました。', en: 'This code has run out.' },
  'coupons.member_limit': { ja: 'このコードはすでにご利用済みです（お一人様{limit}回まで）。', en: 'You have already used this code (up to {limit} per member).' },
  'coupons.first_purchase': {
    ja: 'このコードはポイントを初めて購入される方のみご利用いただけます。',
    en: 'This code is only for members who have not bought points yet.',
  },
  'coupons.rank': { ja: 'このコードは{rank}ランク以上の方のみご利用いただけます。', en: 'This code is only for members of rank {rank} or higher.' },
  'coupons.throttled': {
    ja: '短時間に多くのコードが入力されました。しばらくしてから再度お試しください。',
    en: 'Too many codes entered in a short time. Please wait a while and try again.',
  },
  'coupons.code_taken': { ja: 'このコードはすでに登録されています。', en: 'This code already exists.' },
  'coupons.time_format': { ja: '日時を正しく入力してください。', en: 'Enter a valid date and time.' },
  'coupons.end_before_start': { ja: '終了日時は開始日時より後にしてください。', en: 'The end must be after the start.' },
  'coupons.points_range': { ja: 'ポイントは1〜100,000で入力してください。', en: 'Enter 1 to 100,000 points.' },
  'coupons.budget_range': { ja: '予算は1〜100,000,000で入力してください（ポイント付与はポイント、割引は円）。', en: 'Enter a budget of 1 to 100,000,000 (points for a points code, yen for a discount).' },
  'coupons.budget_below_points': { ja: '予算は1回分のポイント以上にしてください。', en: 'The budget must cover at least one use.' },
  'coupons.per_member_range': { ja: 'お一人様の利用回数は1〜100回で入力してください。', en: 'Enter 1 to 100 uses per member.' },
  'coupons.count_range': { ja: '発行数は1〜5,000で入力してください。', en: 'Enter 1 to 5,000 codes.' },
  'coupons.prefix_format': { ja: '接頭辞は英数字8文字までで入力してください。', en: 'Enter a prefix of up to 8 letters and digits.' },
  'coupons.rank_invalid': { ja: 'ランクを選び直してください。', en: 'Choose the rank again.' },
  'coupons.not_found': { ja: 'クーポンが見つかりません。', en: 'Coupon not found.' },
  'coupons.kind_invalid': { ja: '種類を選び直してください。', en: 'Choose the kind again.' },
  'coupons.percent_range': { ja: '割引率は1〜99%で入力してください。', en: 'Enter a discount of 1 to 99%.' },
  'coupons.yen_off_range': { ja: '割引額は1〜1,000,000円で入力してください。', en: 'Enter a discount of 1 to 1,000,000 yen.' },
  'coupons.budget_below_discount': { ja: '予算は1回分の割引額以上にしてください。', en: 'The budget must cover at least one discount.' },
  'coupons.discount_on_buy_point': {
    ja: 'このコードはポイント購入時の割引コードです。「ポイント購入」画面のクーポンコード欄に入力してください。',
    en: 'This is a discount code for buying points. Enter it in the coupon code field on the "Buy points" page.',
  },
  'coupons.points_code_on_my_page': {
    ja: 'このコードはポイントがもらえるコードです。マイページのクーポンコード欄で使ってください。',
    en: 'This code gives points. Use it in the coupon code field on My page.',
  },
  'coupons.below_minimum': {
    ja: '割引後の金額（{pay}円）がこのお支払い方法の最低金額（{min}円）を下回るため、このコードはこのコースでは使えません。',
    en: 'With this code the price ({pay} yen) would be below the minimum of this payment method ({min} yen), so it cannot be used on this course.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
