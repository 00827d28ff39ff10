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
}

const LABEL_COLORS: Record<number, string> = {
  7: '#e60012',
  // Dark enough for 4.5:1 on the page's white (the lighter gold failed the contrast check).
  6: '#9a6a00',
  5: '#8e44ad',
};

const esc = escapeXml;

/** The HTML description of a demo pack: overview, best prizes, purchase limits and notes. */
export function demoDetailHtml(d: DetailInput): string {
  const parts: string[] = [
    '<h3>オリパ概要</h3>',
    `<p>${esc(d.intro)}</p>`,
    '<ul>',
    `<li>カードの種類：${esc(d.cardTypeName)}</li>`,
    `<li>1口：<strong>${esc(d.priceText)}</strong></li>`,
    `<li>総口数：<strong>${d.totalPackCount.toLocaleString('ja-JP')}口</strong></li>`,
    '</ul>',
  ];
  if (d.showCardlist) {
    parts.push('<h3>主な当たり</h3>', '<ul>');
    for (const prize of d.topPrizes) {
      const label = RARITY_LABELS[prize.rarity] ?? '';
      const color = LABEL_COLORS[prize.rarity] ?? '#333333';
      parts.push(
        `<li><span style="color:${color};font-weight:bold">【${label}】</span>${esc(prize.name)} ×${prize.count}</li>`,
      );
    }
    parts.push('</ul>');
  } else {
    parts.push(
      '<p><span style="color:#e60012;font-weight:bold">このオリパのラインナップは非公開です。</span>どのカードが出るかは開封してのお楽しみです。</p>',
    );
  }
  if (d.limitMessage)
    parts.push(`<p><span style="color:#e60012;font-weight:bold">${esc(d.limitMessage)}</span></p>`);
  if (d.maxBuyCount > 0)
    parts.push(`<p>1回のご購入は<strong>${d.maxBuyCount}口まで</strong>となります。</p>`);
  parts.push('<h3>ご注意</h3>');
  if (d.paymentMethod === PAYMENT_METHOD.coins) {
    parts.push('<p>コインガチャの景品は<strong>発送のみ</strong>となり、ポイントへの変換はできません。</p>');
  } else {
    parts.push(
      '<p>当選したカードは<strong>24時間以内</strong>に「発送」または「ポイント変換」をお選びください。期限を過ぎたカードは自動でポイントに変換されます。</p>',
    );
  }
  parts.push(
    '<p>発送のご依頼から14営業日以内（土日祝を除く）に発送いたします。</p>',
    '<p style="font-size:12px;color:#666666">※画像はイメージです。カードの状態は美品を基本としますが、製造時の初期傷などがある場合がございます。</p>',
  );
  return parts.join('');
}
