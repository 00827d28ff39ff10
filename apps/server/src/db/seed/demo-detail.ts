import { RARITY_LABELS } from '@oripa/contract/catalog';
import { PAYMENT_METHOD, type PaymentMethodCode } from '@oripa/contract/constants';
import { escapeXml } from '../../media/svg.ts';

export interface DetailInput {
  cardTypeName: string;
  intro: string;
  priceText: string;
  totalPackCount: number;
  paymentMethod: PaymentMethodCode;
  showCardlist: boolean;
  maxBuyCount: number;
  limitMessage: string;
  /** The lot's best prizes, best first. */
  topPrizes: readonly { name: string; rarity: number; count: number }[];
  /** The lot's last-one and milestone prizes, described by `extraPrizeText`. */
  extraPrizes: readonly { name: string; rarity: number; kind: 'last_one' | 'milestone'; at: number; every: number }[];
}

const LABEL_COLORS: Record<number, string> = {
  7: '#e60012',
  // Dark enough for 4.5:1 on the page's white (the lighter gold failed the contrast check).
  6: '#9a6a00',
  5: '#8e44ad',
};

const esc = escapeXml;

/** The fixed sentences of a demo description, in each language the shop writes one in. */
const TEXTS = {
  ja: {
    overview: 'オリパ概要',
    cardType: 'カードの種類：',
    perPack: '1口：',
    total: (n: number) => `総口数：<strong>${n.toLocaleString('ja-JP')}口</strong>`,
    topPrizes: '主な当たり',
    extraPrizes: 'ラストワン賞・節目賞',
    lastOne: '最後の1口を引いた方に',
    milestone: (at: number, every: number) => (every > 0 ? `${at}口目から${every}口ごとに引いた方に` : `${at}口目を引いた方に`),
    hidden:
      '<p><span style="color:#e60012;font-weight:bold">このオリパのラインナップは非公開です。</span>どのカードが出るかは開封してのお楽しみです。</p>',
    maxBuy: (n: number) => `<p>1回のご購入は<strong>${n}口まで</strong>となります。</p>`,
    notes: 'ご注意',
    coinNote: '<p>コインガチャの景品は<strong>発送のみ</strong>となり、ポイントへの変換はできません。</p>',
    pointNote:
      '<p>当選したカードは<strong>24時間以内</strong>に「発送」または「ポイント変換」をお選びください。期限を過ぎたカードは自動でポイントに変換されます。</p>',
    shipping: '<p>発送のご依頼から14営業日以内（土日祝を除く）に発送いたします。</p>',
    imageNote:
      '<p style="font-size:12px;color:#666666">※画像はイメージです。カードの状態は美品を基本としますが、製造時の初期傷などがある場合がございます。</p>',
  },
  en: {
    overview: 'About this oripa',
    cardType: 'Card game: ',
    perPack: 'Per pack: ',
    total: (n: number) => `Packs in the lot: <strong>${n.toLocaleString('en-US')}</strong>`,
    topPrizes: 'Top prizes',
    extraPrizes: 'Last-one and milestone prizes',
    lastOne: 'for whoever draws the last pack',
    milestone: (at: number, every: number) =>
      every > 0 ? `for whoever draws pack ${at}, then every ${every} packs` : `for whoever draws pack ${at}`,
    hidden:
      '<p><span style="color:#e60012;font-weight:bold">The lineup of this oripa is not published.</span> Which cards come out is a surprise until you open it.</p>',
    maxBuy: (n: number) => `<p>Up to <strong>${n} packs</strong> per purchase.</p>`,
    notes: 'Please note',
    coinNote: '<p>Coin gacha prizes are <strong>shipped only</strong> and cannot be converted to points.</p>',
    pointNote:
      '<p>Within <strong>24 hours</strong>, choose "Ship" or "Convert to points" for each card you win. Cards left past the deadline are converted to points automatically.</p>',
    shipping: '<p>We ship within 14 business days of your request (weekends and holidays excluded).</p>',
    imageNote:
      '<p style="font-size:12px;color:#666666">* Images are for illustration. Cards are in near-mint condition as a rule, but may carry small marks from manufacturing.</p>',
  },
} as const;

export type DetailLang = keyof typeof TEXTS;

function prizeLine(lang: DetailLang, rarity: number, body: string): string {
  const label = RARITY_LABELS[rarity] ?? '';
  const color = LABEL_COLORS[rarity] ?? '#333333';
  const tag = lang === 'ja' ? `【${label}】` : `[${label}] `;
  return `<li><span style="color:${color};font-weight:bold">${tag}</span>${body}</li>`;
}

/** The HTML description of a demo pack, in Japanese or English: overview, best prizes, limits and notes. */
export function demoDetailHtml(d: DetailInput, lang: DetailLang = 'ja'): string {
  const t = TEXTS[lang];
  const parts: string[] = [
    `<h3>${t.overview}</h3>`,
    `<p>${esc(d.intro)}</p>`,
    '<ul>',
    `<li>${t.cardType}${esc(d.cardTypeName)}</li>`,
    `<li>${t.perPack}<strong>${esc(d.priceText)}</strong></li>`,
    `<li>${t.total(d.totalPackCount)}</li>`,
    '</ul>',
  ];
  if (d.showCardlist) {
    parts.push(`<h3>${t.topPrizes}</h3>`, '<ul>');
    for (const prize of d.topPrizes) parts.push(prizeLine(lang, prize.rarity, `${esc(prize.name)} ×${prize.count}`));
    parts.push('</ul>');
  } else {
    parts.push(t.hidden);
  }
  if (d.extraPrizes.length > 0) {
    parts.push(`<h3>${t.extraPrizes}</h3>`, '<ul>');
    for (const prize of d.extraPrizes) {
      const rule = prize.kind === 'last_one' ? t.lastOne : t.milestone(prize.at, prize.every);
      parts.push(prizeLine(lang, prize.rarity, lang === 'ja' ? `${rule}「${esc(prize.name)}」` : `${esc(prize.name)}, ${rule}`));
    }
    parts.push('</ul>');
  }
  if (d.limitMessage)
    parts.push(`<p><span style="color:#e60012;font-weight:bold">${esc(d.limitMessage)}</span></p>`);
  if (d.maxBuyCount > 0) parts.push(t.maxBuy(d.maxBuyCount));
  parts.push(`<h3>${t.notes}</h3>`, d.paymentMethod === PAYMENT_METHOD.coins ? t.coinNote : t.pointNote, t.shipping, t.imageNote);
  return parts.join('');
}
