import { SMS_CODE_TTL_SECONDS } from '@oripa/contract/accounts';
import type { Lang } from '@oripa/contract/states';

/** Texts of the mails and SMS of accounts, in the member's language. */

export function passwordResetMail(lang: Lang, link: string, minutes: number): { subject: string; text: string } {
  if (lang === 'en') {
    return {
      subject: '[Oripa] Reset your password',
      text: [
        'We received a request to reset the password of your Oripa account.',
        '',
        `Open this link within ${minutes} minutes to set a new password (it works once):`,
        link,
        '',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ].join('\n'),
    };
  }
  return {
    subject: '【オリパ】パスワード再発行のご案内',
    text: [
      'オリパをご利用いただきありがとうございます。',
      'パスワード再発行のお申し込みを受け付けました。',
      '',
      `下記のURLから${minutes}分以内に新しいパスワードを設定してください（URLは一度のみ有効です）。`,
      link,
      '',
      'このメールにお心当たりがない場合は、破棄してください。パスワードは変更されません。',
    ].join('\n'),
  };
}

export function smsCodeText(lang: Lang, code: string): string {
  const minutes = SMS_CODE_TTL_SECONDS / 60;
  return lang === 'en'
    ? `[Oripa] Your verification code is ${code}. It is valid for ${minutes} minutes. Never share it with anyone.`
    : `【オリパ】認証コードは ${code} です。有効期限は${minutes}分です。このコードは他人に教えないでください。`;
}
