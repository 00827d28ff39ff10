import type { Lang } from '../states.ts';

/** Messages of registration, login, passwords, member information and SMS verification. */
export const ACCOUNT_MESSAGES = {
  'accounts.pref_required': { ja: '都道府県を選択してください。', en: 'Select a prefecture.' },
  'accounts.country_required': { ja: '国名を入力してください。', en: 'Enter your country.' },
  'accounts.tel_format': {
    ja: '電話番号はハイフンなしの半角数字（10〜11桁）で入力してください。',
    en: 'Enter the phone number as 10 or 11 digits without hyphens.',
  },
  'accounts.tel_format_overseas': {
    ja: '電話番号は「+」やハイフンを付けず、半角数字（6〜15桁）で入力してください。',
    en: 'Enter the phone number in digits only (6 to 15 digits, without + or hyphens).',
  },
  'accounts.mail_format': {
    ja: 'メールアドレスの形式が正しくありません。',
    en: 'Enter a valid email address.',
  },
  'accounts.mail_taken': {
    ja: 'このメールアドレスは既に登録されています。',
    en: 'This email address is already registered.',
  },
  'accounts.password_format': {
    ja: 'パスワードは半角英数字6〜20文字で入力してください。',
    en: 'Use 6 to 20 half-width letters and digits for the password.',
  },
  'accounts.password_mismatch': {
    ja: 'パスワードと確認用パスワードが一致しません。',
    en: 'The password and the confirmation password do not match.',
  },
  'accounts.suspended': {
    ja: 'このアカウントはご利用を停止しています。お問い合わせください。',
    en: 'This account is suspended. Please contact us.',
  },
  'accounts.login_failed': {
    ja: 'メールアドレスまたはパスワードが一致しません。',
    en: 'The email address or password does not match.',
  },
  'accounts.login_locked': {
    ja: 'ログインに続けて失敗したため、一時的にログインを制限しています。{minutes}分ほど時間をおいてから、もう一度お試しください。',
    en: 'Login is temporarily locked after repeated failures. Please try again in about {minutes} minutes.',
  },
  'accounts.registration_throttled': {
    ja: '短時間に多くの登録手続きが行われたため、一時的に受付を制限しています。1時間ほど時間をおいてから、もう一度お試しください。',
    en: 'Too many registrations have been made from your network. Please try again in about an hour.',
  },
  'accounts.reset_token_invalid': {
    ja: 'このURLは無効か、有効期限が切れています。お手数ですが、パスワード再発行をもう一度お申し込みください。',
    en: 'This link is invalid or has expired. Please request a new password reset.',
  },
  'accounts.tel_locked': {
    ja: 'SMS認証済みの電話番号は変更できません。',
    en: 'A phone number verified by SMS cannot be changed.',
  },
  'accounts.sms_already_verified': {
    ja: 'SMS認証は既に完了しています。',
    en: 'Your phone number is already verified.',
  },
  'accounts.tel_taken': {
    ja: 'この電話番号は既に別のアカウントでSMS認証されています。',
    en: 'This phone number is already verified on another account.',
  },
  'accounts.sms_wait': {
    ja: 'SMSの再送信は{seconds}秒後から可能です。しばらくしてから、もう一度お試しください。',
    en: 'You can send another SMS in {seconds} seconds. Please wait a moment and try again.',
  },
  'accounts.sms_throttled': {
    ja: 'SMSの送信回数が上限に達しました。1時間ほど時間をおいてから、もう一度お試しください。',
    en: 'Too many SMS have been sent. Please try again in about an hour.',
  },
  'accounts.sms_send_failed': {
    ja: 'SMSを送信できませんでした。時間をおいて、もう一度お試しください。',
    en: 'The SMS could not be sent. Please try again later.',
  },
  'accounts.sms_code_format': {
    ja: '認証コードは6桁の半角数字で入力してください。',
    en: 'Enter the 6-digit code.',
  },
  'accounts.sms_code_wrong': {
    ja: '認証コードが正しくありません。',
    en: 'The code is incorrect.',
  },
  'accounts.sms_code_expired': {
    ja: '認証コードの有効期限が切れています。もう一度SMSを送信してください。',
    en: 'The code has expired. Please send a new SMS.',
  },
  'accounts.sms_code_locked': {
    ja: '認証コードの入力回数が上限に達しました。もう一度SMSを送信してください。',
    en: 'Too many incorrect codes. Please send a new SMS.',
  },
  'accounts.sms_required': {
    ja: 'LINEで登録された会員様は、購入の前にマイページの「お客様情報」から電話番号のSMS認証を完了してください。',
    en: 'Members who signed up with LINE must verify their phone number by SMS (My page → Member information) before buying.',
  },
  'accounts.line_not_pending': {
    ja: 'LINEでのログインからやり直してください。',
    en: 'Please sign in with LINE again.',
  },
  'accounts.line_taken': {
    ja: 'このLINEアカウントは既に別の会員と連携されています。',
    en: 'This LINE account is already linked to another member.',
  },
  'accounts.line_unlink_needs_password': {
    ja: 'ログインの手段がなくなるため連携を解除できません。先にパスワードを設定してください（パスワード再発行から設定できます）。',
    en: 'Unlinking would leave you no way to sign in. Set a password first (through password reissue).',
  },
  'accounts.line_unlink_needs_reset': {
    ja: 'この会員はLINEでしかログインできません。パスワード再発行メールを同時に送る場合のみ連携を解除できます。',
    en: 'This member signs in only with LINE. Unlink only together with a password-reset mail, so they can still sign in.',
  },
  'accounts.line_not_linked': {
    ja: 'LINEアカウントは連携されていません。',
    en: 'No LINE account is linked.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
