import { MAIL_KIND, type MailKind } from '@oripa/contract/mail-kinds';
import { PAY_METHOD_TEXTS, isPayId } from '@oripa/contract/constants';
import { RECEIPT_TAX_RATE_PERCENT, paymentMethodText, receiptTax } from '@oripa/contract/invoice';
import type { Lang } from '@oripa/contract/states';
import { formatJst } from '../../lib/time.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/**
 * Every transactional mail's words, in one place (issue 13). A template gives a subject and
 * blocks (paragraphs, label/value tables, links); `renderMail` writes the blocks as plain text
 * and as HTML, escaping every value, so the two versions always say the same.
 */

/** The facts each kind's template needs, as the enqueuer stores them (JSON). */
export interface MailData {
  welcome: Record<string, never>;
  point_receipt: {
    paymentId: number;
    points: number;
    amount: number;
    tax: number;
    payId: number;
    /** The method's option (mails queued before it was kept have none). */
    option?: string;
    /** Yen a course-discount coupon took off the course's price and its code (decision 061; absent on older mails: none). */
    discountYen?: number;
    couponCode?: string;
    paidAt: string;
    /** The seller's invoice registration number when the payment succeeded; '' or absent: none set yet. */
    registrationNumber?: string;
  };
  payment_instructions: PaymentSlip;
  payment_reminder: PaymentSlip;
  pack_summary: {
    purchaseId: number;
    packName: string;
    count: number;
    total: string;
    currency: 'points' | 'coins';
    cards: number;
  };
  decision_summary: {
    purchaseId: number;
    packName: string;
    shipped: number;
    converted: number;
    points: number;
  };
  shipping_notice: {
    requestId: number;
    /** Every request of a combined parcel (decision 051): one mail for them all. */
    requestIds?: number[];
    carrier: string;
    trackingNumber: string;
    trackingUrl: string;
    cards: string[];
  };
  points_expiring: { points: number; expiresAt: string; daysBefore: number };
  password_changed: { changedAt: string };
  monthly_statement: MonthlyStatement;
  operator_alert: { kind: string; message: { ja: string; en: string } };
  /** An operator's answer to an inquiry (decision 052): its text goes in the mail. */
  inquiry_reply: { inquiryId: number; subject: string; body: string };
}

/** A member's month in figures (monthly-statement.repo.ts), 'YYYY-MM' in Japan time. */
export interface MonthlyStatement {
  month: string;
  paidYen: number;
  refundedYen: number;
  pointsBought: number;
  packsDrawn: number;
  pointsSpent: number;
  coinsSpent: number;
  cardsConverted: number;
  pointsFromConversion: number;
  parcelsShipped: number;
  cardsShipped: number;
}

export interface PaymentSlip {
  paymentId: number;
  payId: number;
  amount: number;
  points: number;
  dueAt: string;
  /** Convenience-store receipt number; '' for bank transfers. */
  receiptNumber: string;
  /** Convenience-store chain code, '' for bank transfers. */
  option: string;
  /** Bank transfer: the account holder name the money must come from. */
  payerName: string;
}

/** The seller facts of 特定商取引法, taken from the site info the shop already serves. */
export interface MailSite {
  url: string;
  seller: { name: string; nameEn: string; address: string; addressEn: string; tel: string; mail: string };
}

type Block = { p: string } | { table: [string, string][] } | { link: string; label: string };

interface Template {
  subject: string;
  blocks: Block[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The shop's Japan-time 'YYYY/MM/DD HH:mm', marked JST in English. */
function when(iso: string, lang: Lang): string {
  const text = formatJst(new Date(iso));
  return lang === 'en' ? `${text} JST` : text;
}

const yen = (n: number, lang: Lang) =>
  lang === 'en' ? `JPY ${n.toLocaleString('en-US')}` : `${n.toLocaleString('ja-JP')}円`;
const num = (n: number) => n.toLocaleString('en-US');
const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function methodName(payId: number, lang: Lang): string {
  return isPayId(payId) ? PAY_METHOD_TEXTS[payId].name[lang] : String(payId);
}

function t(lang: Lang, ja: string, en: string): string {
  return lang === 'en' ? en : ja;
}

/**
 * A course-discount coupon's lines (decision 061), the web receipt's figures: the course's price
 * (what was paid plus the discount) and the discount with its code; the price row that follows
 * is what was paid. None without a discount.
 */
function discountRows(d: MailData['point_receipt'], lang: Lang): [string, string][] {
  const discount = d.discountYen ?? 0;
  if (discount <= 0) return [];
  const code = d.couponCode ?? '';
  return [
    [t(lang, 'コース価格（税込）', 'Course price (tax included)'), yen(d.amount + discount, lang)],
    [t(lang, `クーポン割引（${code}）`, `Coupon discount (${code})`), `−${yen(discount, lang)}`],
  ];
}

function subject(lang: Lang, ja: string, en: string): string {
  return lang === 'en' ? `[Oripa] ${en}` : `【オリパ】${ja}`;
}

/** The seller block every mail ends with (特定商取引法: who sells, how to reach them). */
function sellerBlock(site: MailSite, lang: Lang): Block {
  const s = site.seller;
  return {
    table: [
      [t(lang, '販売事業者', 'Seller'), t(lang, s.name, s.nameEn)],
      [t(lang, '所在地', 'Address'), t(lang, s.address, s.addressEn)],
      [t(lang, '電話番号', 'Phone'), s.tel],
      [t(lang, 'お問い合わせ', 'Contact'), s.mail],
    ],
  };
}

function slipRows(d: PaymentSlip, lang: Lang): [string, string][] {
  const rows: [string, string][] = [
    [t(lang, 'ご注文番号', 'Order number'), String(d.paymentId)],
    [t(lang, 'お支払い方法', 'Payment method'), methodName(d.payId, lang)],
    [t(lang, 'お支払い金額（税込）', 'Amount (tax included)'), yen(d.amount, lang)],
    [t(lang, 'ポイント', 'Points'), num(d.points)],
    [t(lang, 'お支払い期限', 'Pay by'), when(d.dueAt, lang)],
  ];
  if (d.receiptNumber) rows.push([t(lang, '受付番号', 'Receipt number'), d.receiptNumber]);
  if (d.payerName) rows.push([t(lang, 'お振込名義', 'Transfer from (account name)'), d.payerName]);
  return rows;
}

/**
 * The invoice system's items of a receipt (decision 044): the total of each rate and the tax at
 * that rate, rounded once from the total (receiptTax), never summed from rows.
 */
function invoiceRows(amount: number, lang: Lang): [string, string][] {
  const rate = `${RECEIPT_TAX_RATE_PERCENT}%`;
  return [
    [t(lang, `${rate}対象（税込）`, `Subject to ${rate} (tax included)`), yen(amount, lang)],
    [t(lang, `うち消費税（${rate}）`, `Of which consumption tax (${rate})`), yen(receiptTax(amount), lang)],
  ];
}

type Templates = { [K in MailKind]: (data: MailData[K], lang: Lang, site: MailSite) => Template };

const TEMPLATES: Templates = {
  [MAIL_KIND.welcome]: (_d, lang, site) => ({
    subject: subject(lang, '会員登録ありがとうございます', 'Welcome to Oripa'),
    blocks: [
      { p: t(lang, 'オリパへの会員登録が完了しました。', 'Your Oripa account is ready.') },
      { p: t(lang, 'ポイントを購入してパックをお楽しみください。', 'Buy points and enjoy the packs.') },
      { link: site.url, label: t(lang, 'オリパを開く', 'Open Oripa') },
    ],
  }),
  [MAIL_KIND.pointReceipt]: (d, lang, site) => ({
    subject: subject(lang, 'ポイント購入のご確認', 'Your point purchase receipt'),
    blocks: [
      {
        p: t(
          lang,
          'ポイントのご購入ありがとうございます。以下の内容で承りました。',
          'Thank you for buying points. Your order:',
        ),
      },
      {
        table: [
          [t(lang, 'ご注文番号', 'Order number'), String(d.paymentId)],
          [t(lang, '商品', 'Item'), t(lang, `${num(d.points)}ポイント`, `${num(d.points)} points`)],
          [t(lang, '数量', 'Quantity'), '1'],
          ...discountRows(d, lang),
          [t(lang, '販売価格（税込）', 'Price (tax included)'), yen(d.amount, lang)],
          ...invoiceRows(d.amount, lang),
          [t(lang, 'お支払い方法', 'Payment method'), paymentMethodText(d.payId, d.option ?? '')?.[lang] ?? methodName(d.payId, lang)],
          [t(lang, 'お支払い日時', 'Paid at'), when(d.paidAt, lang)],
          [t(lang, '登録番号', 'Registration number'), d.registrationNumber || t(lang, '（登録申請中）', '(not yet registered)')],
        ],
      },
      {
        p: t(
          lang,
          'ポイントは付与から6か月で失効します。デジタル商品の性質上、購入後の返品・キャンセルはお受けできません。',
          'Points expire 6 months after they are granted. Being digital goods, points cannot be returned or cancelled after purchase.',
        ),
      },
      sellerBlock(site, lang),
    ],
  }),
  [MAIL_KIND.paymentInstructions]: (d, lang, site) => ({
    subject: subject(lang, 'お支払い方法のご案内', 'How to complete your payment'),
    blocks: [
      {
        p: d.receiptNumber
          ? t(
              lang,
              '下記の受付番号で、期限までにコンビニでお支払いください。',
              'Pay at the convenience store with the receipt number below before the deadline.',
            )
          : t(
              lang,
              '下記の金額を、期限までにご登録の名義でお振込みください。',
              'Transfer the amount below from the account name shown before the deadline.',
            ),
      },
      { table: slipRows(d, lang) },
      {
        p: t(
          lang,
          '期限を過ぎたご注文は自動でキャンセルされます。',
          'Orders not paid by the deadline are cancelled automatically.',
        ),
      },
      sellerBlock(site, lang),
    ],
  }),
  [MAIL_KIND.paymentReminder]: (d, lang, site) => ({
    subject: subject(lang, 'お支払い期限が近づいています', 'Your payment is due soon'),
    blocks: [
      {
        p: t(
          lang,
          'まだお支払いが確認できていないご注文があります。',
          'We have not received the payment of this order yet.',
        ),
      },
      { table: slipRows(d, lang) },
      sellerBlock(site, lang),
    ],
  }),
  [MAIL_KIND.packSummary]: (d, lang, site) => ({
    subject: subject(lang, 'パック購入のご確認', 'Your pack purchase'),
    blocks: [
      {
        table: [
          [t(lang, '購入番号', 'Purchase number'), String(d.purchaseId)],
          [t(lang, 'パック', 'Pack'), d.packName],
          [t(lang, '購入数', 'Packs'), num(d.count)],
          [
            t(lang, 'お支払い', 'Paid'),
            d.currency === 'coins'
              ? t(lang, `${d.total}コイン`, `${d.total} coins`)
              : t(lang, `${d.total}ポイント`, `${d.total} points`),
          ],
          [t(lang, '獲得カード', 'Cards won'), num(d.cards)],
        ],
      },
      {
        p: t(
          lang,
          '獲得したカードは24時間以内に発送かポイント変換をお選びください。',
          'Choose within 24 hours whether to ship your cards or convert them to points.',
        ),
      },
      // Straight to the choice the member has 24 hours for; a coin purchase's cards all ship, so
      // its link is the purchase's page in the history.
      d.currency === 'coins'
        ? {
            link: `${site.url}/buy-product-history-detail?packHistoryId=${d.purchaseId}`,
            label: t(lang, '購入内容を見る', 'See your purchase'),
          }
        : {
            link: `${site.url}/get-card-list?packHistoryId=${d.purchaseId}`,
            label: t(lang, 'カードの発送・変換を選ぶ', 'Choose to ship or convert your cards'),
          },
      sellerBlock(site, lang),
    ],
  }),
  [MAIL_KIND.decisionSummary]: (d, lang, site) => ({
    subject: subject(lang, 'カードの発送・変換を承りました', 'Your choice for your cards'),
    blocks: [
      {
        table: [
          [t(lang, '購入番号', 'Purchase number'), String(d.purchaseId)],
          [t(lang, 'パック', 'Pack'), d.packName],
          [t(lang, '発送するカード', 'Cards to ship'), num(d.shipped)],
          [t(lang, 'ポイントに変換したカード', 'Cards converted to points'), num(d.converted)],
          [t(lang, '変換で得たポイント', 'Points from conversion'), num(d.points)],
        ],
      },
      ...(d.shipped > 0
        ? [
            {
              p: t(
                lang,
                '発送するカードは14営業日以内にお届けします。',
                'Cards to ship leave within 14 business days.',
              ),
            },
          ]
        : []),
      sellerBlock(site, lang),
    ],
  }),
  [MAIL_KIND.shippingNotice]: (d, lang, site) => ({
    subject: subject(lang, 'カードを発送しました', 'Your cards have shipped'),
    blocks: [
      { p: t(lang, 'ご依頼のカードを発送しました。', 'We have shipped your cards.') },
      {
        table: [
          [t(lang, '発送番号', 'Shipment'), (d.requestIds ?? [d.requestId]).join(', ')],
          [t(lang, '配送業者', 'Carrier'), d.carrier],
          [t(lang, 'お問い合わせ番号', 'Tracking number'), d.trackingNumber],
          [t(lang, 'カード', 'Cards'), d.cards.join(', ')],
        ],
      },
      ...(d.trackingUrl
        ? [{ link: d.trackingUrl, label: t(lang, '配送状況を確認する', 'Track your parcel') }]
        : []),
      sellerBlock(site, lang),
    ],
  }),
  [MAIL_KIND.pointsExpiring]: (d, lang, site) => ({
    subject: subject(
      lang,
      `ポイントの有効期限まであと${d.daysBefore}日です`,
      `Points expire in ${d.daysBefore} days`,
    ),
    blocks: [
      {
        p: t(
          lang,
          `${num(d.points)}ポイントが ${when(d.expiresAt, lang)} に失効します。`,
          `${num(d.points)} points expire on ${when(d.expiresAt, lang)}.`,
        ),
      },
      { link: site.url, label: t(lang, 'パックを見る', 'See the packs') },
    ],
  }),
  [MAIL_KIND.monthlyStatement]: (d, lang, site) => {
    const [year, month] = d.month.split('-').map(Number) as [number, number];
    const title = lang === 'en' ? `${MONTHS_EN[month - 1]} ${year}` : `${year}年${month}月`;
    return {
      subject: subject(lang, `${title}のご利用明細`, `Your statement for ${title}`),
      blocks: [
        {
          p: t(
            lang,
            `${title}（日本時間）のご利用内容をお知らせします。`,
            `Here is what you did at Oripa in ${title} (Japan time).`,
          ),
        },
        {
          table: [
            [t(lang, 'お支払い金額（税込）', 'Money paid (tax included)'), yen(d.paidYen, lang)],
            ...(d.refundedYen > 0
              ? [[t(lang, 'ご返金', 'Refunded'), yen(d.refundedYen, lang)] as [string, string]]
              : []),
            [t(lang, '購入したポイント', 'Points bought'), num(d.pointsBought)],
            [t(lang, '引いたパック', 'Packs drawn'), num(d.packsDrawn)],
            [t(lang, 'パックに使ったポイント', 'Points spent on packs'), num(d.pointsSpent)],
            [t(lang, 'パックに使ったコイン', 'Coins spent on packs'), num(d.coinsSpent)],
            [t(lang, 'ポイントに変換したカード', 'Cards converted to points'), num(d.cardsConverted)],
            [t(lang, '変換で得たポイント', 'Points from conversion'), num(d.pointsFromConversion)],
            [
              t(lang, '発送したカード', 'Cards shipped'),
              t(
                lang,
                `${num(d.cardsShipped)}（${num(d.parcelsShipped)}件）`,
                `${num(d.cardsShipped)} (${num(d.parcelsShipped)} parcel${d.parcelsShipped === 1 ? '' : 's'})`,
              ),
            ],
          ],
        },
        {
          p: t(
            lang,
            'ポイント購入の上限や、一定期間の購入停止は「安心して遊ぶための設定」からいつでも設定できます。',
            'You can set spending limits or pause purchases at any time in "Play safe settings".',
          ),
        },
        { link: `${site.url}/responsible-play`, label: t(lang, '安心して遊ぶための設定', 'Play safe settings') },
        {
          p: t(
            lang,
            'この明細は、マイページの会員情報にある「メールの受け取り設定」で停止できます。',
            'You can turn this statement off under "Mail settings" in your member info on My page.',
          ),
        },
        sellerBlock(site, lang),
      ],
    };
  },
  [MAIL_KIND.operatorAlert]: (d, lang, site) => ({
    subject: lang === 'en' ? `[Oripa console] ${d.message.en}` : `【オリパ管理】${d.message.ja}`,
    blocks: [
      { p: t(lang, d.message.ja, d.message.en) },
      { link: `${site.url}/admin/alerts`, label: t(lang, 'アラートの設定を開く', 'Open the alert settings') },
    ],
  }),
  [MAIL_KIND.inquiryReply]: (d, lang, site) => ({
    subject: subject(lang, `お問い合わせへの回答: ${d.subject}`, `Answer to your inquiry: ${d.subject}`),
    blocks: [
      { p: t(lang, 'お問い合わせいただき、ありがとうございます。担当者から次のとおり回答いたしました。', 'Thank you for your inquiry. Our support team answered as follows.') },
      { p: d.body },
      { link: `${site.url}/inquiry/${d.inquiryId}`, label: t(lang, 'お問い合わせの履歴を見る・返信する', 'See the thread and reply') },
      sellerBlock(site, lang),
    ],
  }),
  [MAIL_KIND.passwordChanged]: (d, lang, site) => ({
    subject: subject(lang, 'パスワードが変更されました', 'Your password was changed'),
    blocks: [
      {
        p: t(
          lang,
          `${when(d.changedAt, lang)} にパスワードが変更されました。`,
          `Your password was changed on ${when(d.changedAt, lang)}.`,
        ),
      },
      {
        p: t(
          lang,
          'お心当たりがない場合は、至急お問い合わせください。',
          'If this was not you, contact us at once.',
        ),
      },
      sellerBlock(site, lang),
    ],
  }),
};


/** Only http(s) links become anchors: a stored value can never smuggle a javascript: URL. */
function safeHref(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? url : undefined;
}

function blockText(block: Block): string {
  if ('p' in block) return block.p;
  if ('table' in block) return block.table.map(([k, v]) => `${k}: ${v}`).join('\n');
  return `${block.label}: ${block.link}`;
}

function blockHtml(block: Block): string {
  if ('p' in block) return `<p>${escapeHtml(block.p)}</p>`;
  if ('table' in block) {
    const rows = block.table
      .map(
        ([k, v]) =>
          `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
      )
      .join('');
    return `<table cellspacing="0">${rows}</table>`;
  }
  const href = safeHref(block.link);
  return href
    ? `<p><a href="${escapeHtml(href)}">${escapeHtml(block.label)}</a></p>`
    : `<p>${escapeHtml(block.label)}: ${escapeHtml(block.link)}</p>`;
}

/** The mail of `kind` in `lang`, as text and HTML. */
export function renderMail<K extends MailKind>(
  kind: K,
  data: MailData[K],
  lang: Lang,
  site: MailSite,
): RenderedMail {
  const template = TEMPLATES[kind](data, lang, site);
  const text = template.blocks.map(blockText).join('\n\n');
  const html = [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(template.subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.6;color:#222">',
    ...template.blocks.map(blockHtml),
    '</body></html>',
  ].join('');
  return { subject: template.subject, text, html };
}
