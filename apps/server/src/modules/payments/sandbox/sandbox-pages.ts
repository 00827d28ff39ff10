import { createHash } from 'node:crypto';
import { CARRIER_NAMES, COMBINI_NAMES, PAY_ID, PAY_METHOD_TEXTS, type CarrierId, type CombiniCode, type PayId } from '@oripa/contract/payments';
import type { Lang } from '@oripa/contract/states';
import { escapeHtml } from '../../../lib/escape-html.ts';
import { formatDeadlineJst } from '../../../lib/time.ts';
import type { SandboxTransaction } from './sandbox.service.ts';

/**
 * The sandbox provider's hosted pages: plain server-rendered HTML in Japanese or English, no
 * script and nothing from outside (the shop's CSP holds), clearly labelled as a sandbox.
 */

const T = {
  banner: { ja: 'サンドボックス（テスト環境）', en: 'SANDBOX (test environment)' },
  bannerNote: { ja: '本物の決済ではありません。お金は動きません。', en: 'Not a real payment. No money moves.' },
  amount: { ja: 'お支払い金額', en: 'Amount' },
  merchant: { ja: 'ご利用店舗', en: 'Merchant' },
  method: { ja: 'お支払い方法', en: 'Payment method' },
  card: { ja: 'カード番号', en: 'Card number' },
  approve: { ja: '承認する', en: 'Approve' },
  decline: { ja: '拒否する', en: 'Decline' },
  acsTitle: { ja: '3Dセキュア 本人認証', en: '3-D Secure authentication' },
  acsNote: {
    ja: 'カード会社の本人認証画面の代わりです。「承認する」で認証成功、「拒否する」で認証失敗になります。',
    en: "This stands for the card issuer's authentication page. Approve passes it, Decline fails it.",
  },
  consentTitle: { ja: 'お支払いの確認', en: 'Confirm the payment' },
  consentNote: {
    ja: '決済サービスの確認画面の代わりです。「承認する」で決済成功、「拒否する」で決済失敗になります。',
    en: "This stands for the payment service's confirmation page. Approve completes the payment, Decline fails it.",
  },
  qrNote: {
    ja: 'スマホアプリで読み取る代わりに、下のボタンで結果を選んでください（このQRコードは読み取れません）。',
    en: 'Instead of scanning with a phone app, choose the outcome below (this QR code cannot be scanned).',
  },
  carrier: { ja: 'キャリア', en: 'Carrier' },
  slipTitle: { ja: 'コンビニ払込票', en: 'Convenience-store payment slip' },
  chain: { ja: 'コンビニ', en: 'Store' },
  remitTitle: { ja: '送金先（決済サービス）', en: 'Remittance address (payment service)' },
  remitRef: { ja: '送金先ID', en: 'Remittance ID' },
  remitNow: { ja: '送金する（テスト）', en: 'Send the remittance (test)' },
  remitNote: {
    ja: '決済サービスのアプリでの送金の代わりに「送金する」を押すと、決済会社からショップへ入金通知が送られます。',
    en: "Pressing \"Send the remittance\" stands for paying in the service's app: the provider notifies the shop of the payment.",
  },
  receipt: { ja: 'お支払い番号', en: 'Payment number' },
  confirm: { ja: '確認番号', en: 'Confirmation number' },
  due: { ja: 'お支払い期限', en: 'Pay by' },
  payNow: { ja: '店頭で支払う（テスト）', en: 'Pay at the store (test)' },
  slipNote: {
    ja: '店頭レジでのお支払いの代わりに「店頭で支払う」を押すと、決済会社からショップへ入金通知が送られます。',
    en: 'Pressing "Pay at the store" stands for paying at the till: the provider notifies the shop of the payment.',
  },
  paid: { ja: 'お支払い済みです。', en: 'This slip has been paid.' },
  expired: { ja: 'お支払い期限を過ぎたため、この払込票は無効です。', en: 'This slip expired: its deadline has passed.' },
  canceled: { ja: 'この取引は取り消されました。', en: 'This transaction was cancelled.' },
  done: { ja: 'この取引はすでに完了しています。', en: 'This transaction is already complete.' },
  failed: { ja: 'この取引は失敗しました。', en: 'This transaction failed.' },
  notifyFailed: {
    ja: 'ショップへの通知に失敗しました。もう一度ボタンを押すと再送します。',
    en: 'The notification to the shop failed. Press the button again to resend it.',
  },
  back: { ja: 'ショップに戻る', en: 'Back to the shop' },
  notFound: { ja: '取引が見つかりません。', en: 'Transaction not found.' },
  checkoutTitle: { ja: 'ウォレットでお支払い', en: 'Pay with your wallet' },
  checkoutNote: {
    ja: 'ウォレットへのログインと支払い方法の選択の代わりです。「続行」でショップに戻り、注文を確定します。',
    en: 'This stands for signing in to the wallet and choosing how to pay. Continue returns to the shop to place the order.',
  },
  continue: { ja: '続行', en: 'Continue' },
  cancel: { ja: 'キャンセル', en: 'Cancel' },
  buyer: { ja: 'テスト購入者', en: 'Sandbox buyer' },
  badSignature: { ja: '署名が正しくありません。', en: 'The signature is not valid.' },
  errorTitle: { ja: 'エラー', en: 'Error' },
  badRequest: { ja: 'リクエストの形式が正しくありません。', en: 'The request is malformed.' },
  serverError: {
    ja: 'エラーが発生しました。時間をおいて再度お試しください。',
    en: 'Something went wrong. Please try again later.',
  },
} satisfies Record<string, Record<Lang, string>>;

export type SandboxText = keyof typeof T;

export const t = (lang: Lang, key: SandboxText) => T[key][lang];

const yen = (amount: number, lang: Lang) => (lang === 'en' ? `¥${amount.toLocaleString('en-US')}` : `${amount.toLocaleString('ja-JP')}円`);

/** A whole sandbox page around `body` (already escaped HTML). */
export function page(lang: Lang, title: string, body: string, selfPath: string): string {
  const other = lang === 'ja' ? 'en' : 'ja';
  const target = new URL(selfPath, 'http://sandbox.invalid');
  target.searchParams.set('lang', other);
  const switchHref = `${target.pathname}${target.search}`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ${escapeHtml(t(lang, 'banner'))}</title>
<link rel="stylesheet" href="/sandbox/pay/sandbox.css">
</head>
<body>
<div class="sandbox-banner">${escapeHtml(T.banner.ja)} / ${escapeHtml(T.banner.en)}<small>${escapeHtml(t(lang, 'bannerNote'))}</small></div>
<main>
<p class="lang"><a href="${escapeHtml(switchHref)}">${other === 'en' ? 'English' : '日本語'}</a></p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function rows(entries: [string, string][]): string {
  return `<dl>${entries.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

function decisionForm(lang: Lang, action: string, approveLabel = t(lang, 'approve'), declineLabel = t(lang, 'decline')): string {
  return `<form method="post" action="${escapeHtml(action)}" class="actions">
<input type="hidden" name="lang" value="${lang}">
<button type="submit" name="decision" value="approve" class="approve">${escapeHtml(approveLabel)}</button>
<button type="submit" name="decision" value="decline" class="decline">${escapeHtml(declineLabel)}</button>
</form>`;
}

function backLink(lang: Lang, href: string): string {
  return href ? `<p class="actions"><a class="button neutral" href="${escapeHtml(href)}">${escapeHtml(t(lang, 'back'))}</a></p>` : '';
}

function methodName(payId: number, lang: Lang): string {
  return PAY_METHOD_TEXTS[payId as PayId]?.name[lang] ?? '';
}

/** A deterministic pseudo-QR image of the reference (a data: SVG; it encodes nothing). */
function pseudoQr(ref: string): string {
  const bits = createHash('sha256').update(ref).digest();
  const n = 21;
  let cells = '';
  for (let y = 0; y < n; y += 1) {
    for (let x = 0; x < n; x += 1) {
      const finder = (x < 7 && y < 7) || (x >= n - 7 && y < 7) || (x < 7 && y >= n - 7);
      const on = finder
        ? Math.max(Math.abs((x % (n - 7)) - 3), Math.abs((y % (n - 7)) - 3)) !== 2
        : (((bits[(y * n + x) % bits.length] ?? 0) >> (x % 8)) & 1) === 1;
      if (on) cells += `<rect x="${x}" y="${y}" width="1" height="1"/>`;
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 23 23"><rect x="-1" y="-1" width="23" height="23" fill="#fff"/><g fill="#000">${cells}</g></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The state of a transaction that no longer waits, as a sentence. */
export function settledText(lang: Lang, status: string): string {
  if (status === 'succeeded') return t(lang, 'done');
  if (status === 'expired') return t(lang, 'expired');
  if (status === 'canceled') return t(lang, 'canceled');
  return t(lang, 'failed');
}

/** Consent page of a wallet, carrier billing, a mobile payment (QR) or the checkout wallet. */
export function consentPage(lang: Lang, tx: SandboxTransaction, selfPath: string, extra: { payMethod?: string } = {}): string {
  const entries: [string, string][] = [
    [t(lang, 'merchant'), 'Oripa'],
    [t(lang, 'amount'), yen(tx.amount, lang)],
    [t(lang, 'method'), methodName(tx.payId, lang)],
  ];
  if (tx.payId === PAY_ID.carrier && tx.option) entries.push([t(lang, 'carrier'), CARRIER_NAMES[tx.option as CarrierId]?.[lang] ?? tx.option]);
  if (extra.payMethod) entries.push([t(lang, 'method'), extra.payMethod]);
  const action = `/sandbox/pay/consent/${encodeURIComponent(tx.id)}`;
  let body = rows(entries);
  if (tx.status !== 'requires_action') {
    body += `<p>${escapeHtml(settledText(lang, tx.status))}</p>${backLink(lang, tx.returnUrl)}`;
  } else if (tx.kind === 'mobile') {
    body += `<img class="qr" alt="QR" src="${pseudoQr(tx.id)}"><p class="note">${escapeHtml(t(lang, 'qrNote'))}</p>${decisionForm(lang, action)}`;
  } else {
    body += `<p class="note">${escapeHtml(t(lang, 'consentNote'))}</p>${decisionForm(lang, action)}`;
  }
  return page(lang, `${t(lang, 'consentTitle')} — ${methodName(tx.payId, lang)}`, body, selfPath);
}

/** The 3-D Secure challenge (served at /api/acs/secure, where the spec sends the browser). */
export function acsPage(lang: Lang, tx: SandboxTransaction, selfPath: string): string {
  let body = rows([
    [t(lang, 'merchant'), 'Oripa'],
    [t(lang, 'amount'), yen(tx.amount, lang)],
    [t(lang, 'card'), tx.masked],
  ]);
  if (tx.status !== 'requires_action') {
    body += `<p>${escapeHtml(settledText(lang, tx.status))}</p>${backLink(lang, tx.returnUrl)}`;
  } else {
    body += `<p class="note">${escapeHtml(t(lang, 'acsNote'))}</p>${decisionForm(lang, `/sandbox/pay/acs/${encodeURIComponent(tx.id)}`)}`;
  }
  return page(lang, t(lang, 'acsTitle'), body, selfPath);
}

/** The convenience-store slip with its 'pay now' button. */
export function slipPage(lang: Lang, tx: SandboxTransaction, selfPath: string, now: Date, notice = ''): string {
  const remit = tx.kind === 'remittance';
  const entries: [string, string][] = remit
    ? [[t(lang, 'remitRef'), tx.id]]
    : [
        [t(lang, 'chain'), COMBINI_NAMES[tx.option as CombiniCode]?.[lang] ?? tx.option],
        [t(lang, 'receipt'), tx.receiptNumber],
      ];
  if (tx.confirmNumber) entries.push([t(lang, 'confirm'), tx.confirmNumber]);
  entries.push([t(lang, 'amount'), yen(tx.amount, lang)]);
  if (tx.dueAt) entries.push([t(lang, 'due'), `${formatDeadlineJst(tx.dueAt)}${lang === 'en' ? ' JST' : ''}`]);
  let body = rows(entries);
  if (notice) body += `<p class="note">${escapeHtml(notice)}</p>`;
  const payable = tx.status === 'pending' && tx.dueAt !== null && tx.dueAt > now;
  if (tx.status === 'succeeded') {
    body += `<p>${escapeHtml(t(lang, 'paid'))}</p>`;
    if (!tx.notifiedAt) body += payForm(lang, tx);
  } else if (payable) {
    body += `<p class="note">${escapeHtml(t(lang, remit ? 'remitNote' : 'slipNote'))}</p>${payForm(lang, tx)}`;
  } else {
    body += `<p>${escapeHtml(tx.status === 'pending' ? t(lang, 'expired') : settledText(lang, tx.status))}</p>`;
  }
  return page(lang, t(lang, remit ? 'remitTitle' : 'slipTitle'), body, selfPath);
}

function payForm(lang: Lang, tx: SandboxTransaction): string {
  const remit = tx.kind === 'remittance';
  return `<form method="post" action="/sandbox/pay/${remit ? 'remit' : 'combini'}/${encodeURIComponent(tx.id)}/pay" class="actions">
<input type="hidden" name="lang" value="${lang}">
<button type="submit" class="approve">${escapeHtml(t(lang, remit ? 'remitNow' : 'payNow'))}</button>
</form>`;
}

/** The checkout wallet's sign-in and choice of payment method. */
export function checkoutStartPage(
  lang: Lang,
  fields: { payloadJSON: string; signature: string; amount: string },
  methods: readonly string[],
  selfPath: string,
): string {
  const options = methods
    .map((m, i) => `<label><input type="radio" name="pay_method" value="${escapeHtml(m)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(m)}</label>`)
    .join('');
  const amount = Number(fields.amount);
  const body = `${rows([
    [t(lang, 'merchant'), 'Oripa'],
    [t(lang, 'amount'), Number.isFinite(amount) ? yen(amount, lang) : fields.amount],
    ['Buyer', t(lang, 'buyer')],
  ])}
<form method="post" action="/sandbox/pay/checkout">
<input type="hidden" name="payloadJSON" value="${escapeHtml(fields.payloadJSON)}">
<input type="hidden" name="signature" value="${escapeHtml(fields.signature)}">
<input type="hidden" name="lang" value="${lang}">
<fieldset><legend>${escapeHtml(t(lang, 'method'))}</legend>${options}</fieldset>
<p class="note">${escapeHtml(t(lang, 'checkoutNote'))}</p>
<div class="actions">
<button type="submit" name="decision" value="approve" class="approve">${escapeHtml(t(lang, 'continue'))}</button>
<button type="submit" name="decision" value="cancel" class="neutral">${escapeHtml(t(lang, 'cancel'))}</button>
</div>
</form>`;
  return page(lang, t(lang, 'checkoutTitle'), body, selfPath);
}

/** A page that only says something (not found, bad signature, a result). */
export function messagePage(lang: Lang, title: string, text: string, selfPath: string, back = ''): string {
  return page(lang, title, `<p>${escapeHtml(text)}</p>${backLink(lang, back)}`, selfPath);
}
