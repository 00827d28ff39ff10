import type { Lang } from '../states.ts';

/** Messages of the operator console (/api/admin/*). */
export const ADMIN_MESSAGES = {
  'admin.login_required': { ja: '管理画面にログインしてください。', en: 'Please sign in to the console.' },
  'admin.forbidden': { ja: 'この操作を行う権限がありません。', en: 'Your role does not allow this.' },
  'admin.step_required': {
    ja: 'ログインの手順が正しくありません。最初からやり直してください。',
    en: 'This login step is not available now. Please start again.',
  },
  'admin.login_failed': {
    ja: 'メールアドレスまたはパスワードが正しくありません。',
    en: 'The mail address or the password is wrong.',
  },
  'admin.login_locked': {
    ja: 'ログインの失敗が続いたため、{minutes}分間ログインできません。',
    en: 'Too many failed attempts. Try again in {minutes} minutes.',
  },
  'admin.code_wrong': { ja: '確認コードが正しくありません。', en: 'The code is wrong.' },
  'admin.code_format': { ja: '6桁の数字を入力してください。', en: 'Enter the 6 digits.' },
  'admin.mail_format': { ja: 'メールアドレスの形式が正しくありません。', en: 'Enter a valid mail address.' },
  'admin.mail_taken': { ja: 'このメールアドレスの担当者はすでに登録されています。', en: 'An operator with this address exists.' },
  'admin.password_short': { ja: 'パスワードは12文字以上にしてください。', en: 'Use at least 12 characters.' },
  'admin.password_same': {
    ja: '現在とは異なるパスワードにしてください。',
    en: 'Choose a password different from the current one.',
  },
  'admin.password_wrong': { ja: '現在のパスワードが正しくありません。', en: 'The current password is wrong.' },
  'admin.role_invalid': { ja: '権限を選択してください。', en: 'Choose a role.' },
  'admin.last_owner': {
    ja: '有効なオーナーが1人もいなくなるため、変更できません。',
    en: 'At least one active owner must remain.',
  },
  'admin.self_change': {
    ja: '自分自身の権限や状態は変更できません。',
    en: 'You cannot change your own role or status.',
  },
  'admin.amount_invalid': {
    ja: 'ポイントは1以上の整数、コインは小数第2位までの正の数で入力してください。',
    en: 'Enter whole points above 0, or coins above 0 with at most two decimals.',
  },
  'admin.over_limit_points': {
    ja: 'あなたの権限で1回に調整できるのは{limit}ポイントまでです。それを超える場合はオーナーに依頼してください。',
    en: 'Your role may adjust at most {limit} points at a time. Ask an owner for more.',
  },
  'admin.over_limit_coins': {
    ja: 'あなたの権限で1回に調整できるのは{limit}コインまでです。それを超える場合はオーナーに依頼してください。',
    en: 'Your role may adjust at most {limit} coins at a time. Ask an owner for more.',
  },
  'admin.role_owner_only': {
    ja: '担当者の管理はオーナーだけが行えます。',
    en: 'Only owners manage operators.',
  },
  'admin.limit_invalid': {
    ja: '0以上の数で入力してください（コインは小数第2位まで）。',
    en: 'Enter a number of 0 or more (coins with at most two decimals).',
  },
  'admin.balance_short': { ja: '残高が足りないため、差し引けません。', en: 'The balance is too low to take this much.' },
  'admin.payment_not_bank': {
    ja: '銀行振込以外の決済は、決済会社からの通知で確定します。',
    en: 'Only bank transfers are confirmed by operators; providers confirm the others.',
  },
  'admin.payment_closed': { ja: 'この決済は確定できない状態です（{state}）。', en: 'This payment cannot be confirmed ({state}).' },
  'admin.payment_expired': {
    ja: 'この振込は期限切れです。入金を確認済みの場合は「期限後の入金として確定」を選んでください。',
    en: 'This transfer expired. If the money did arrive, confirm it as a late payment.',
  },
  'admin.payment_not_due': {
    ja: '期限前または支払い待ちでない決済は取り消せません。',
    en: 'Only pending payments past their deadline can be cancelled.',
  },
  'admin.outside_amount': {
    ja: '1以上10,000,000以下の整数で入力してください。',
    en: 'Enter a whole number from 1 to 10,000,000.',
  },
  'admin.course_or_amount': {
    ja: 'ポイントコースを選ぶか、ポイントと金額の両方を入力してください（どちらか一方）。',
    en: 'Choose a point course, or enter both the points and the yen (one or the other).',
  },
  'admin.reference_taken': {
    ja: 'この受付番号は別の入金（決済 #{payment}）ですでに記録されています。',
    en: 'This reference was recorded for another payment (#{payment}).',
  },
  'admin.date_format': { ja: '日付はYYYY-MM-DDで入力してください。', en: 'Enter the date as YYYY-MM-DD.' },
} as const satisfies Record<string, Record<Lang, string>>;
