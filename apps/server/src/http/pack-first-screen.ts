import type { PackDetail } from '@oripa/contract/catalog';
import { maxPurchaseCount, PAYMENT_METHOD } from '@oripa/contract/constants';
import type { PackBoot } from '@oripa/contract/first-screen';
import type { Lang } from '@oripa/contract/states';
import { idSchema } from '@oripa/contract/fields';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { cookieSessionKey } from './session.ts';
import * as catalog from '../modules/catalog/catalog.service.ts';
import { readSession } from '../modules/sessions/sessions.service.ts';
import { escapeHtml, firstScreenFrame, groupDigits, priceTag, remainingBar, SHARED_TEXTS } from './first-screen-html.ts';


// The pack page's fixed texts of its first screen: the web catalogue's catalog.detail.*,
// catalog.coinPack/pointPack, catalog.soldOutMark and shopper.count.* in the same words.
const TEXTS = {
  ja: {
    coinPack: 'コインで購入',
    pointPack: 'ポイントで購入',
    soldOut: 'SOLD OUT',
    quickLabel: '回数をえらぶ',
    countOption: (count: number) => `${groupDigits(count)}回`,
    allRemaining: (count: number) => `残り全部（${groupDigits(count)}回）`,
    countLabel: '購入回数',
    fewer: '1回減らす',
    more: '1回増やす',
    range: (max: number) => `1〜${groupDigits(max)}回`,
    allowance: (count: number) => `あなたはこのパックをあと${groupDigits(count)}回購入できます`,
    limitReached: 'このパックの購入上限に達しました。',
    limitTitle: '購入制限',
    total: '合計',
    spin: 'ガチャを回す',
    notStarted: '販売開始までお待ちください。',
    soldOutNote: 'このパックは完売しました。',
    loginNote: 'ガチャを回すにはログインが必要です。',
    coinNote: 'コインで購入するパックの商品はポイントに変換できません（発送のみ）。',
  },
  en: {
    coinPack: 'Paid with coins',
    pointPack: 'Paid with points',
    soldOut: 'SOLD OUT',
    quickLabel: 'Choose how many',
    countOption: (count: number) => `${groupDigits(count)} ${count === 1 ? 'pack' : 'packs'}`,
    allRemaining: (count: number) => `All remaining (${groupDigits(count)})`,
    countLabel: 'Number of packs',
    fewer: 'One pack fewer',
    more: 'One pack more',
    range: (max: number) => `1 to ${groupDigits(max)}`,
    allowance: (count: number) => `You can buy ${groupDigits(count)} more of this pack`,
    limitReached: "You have reached this pack's purchase limit.",
    limitTitle: 'Purchase limit',
    total: 'Total',
    spin: 'Spin the gacha',
    notStarted: 'This pack is not on sale yet.',
    soldOutNote: 'This pack is sold out.',
    loginNote: 'You need to log in to spin.',
    coinNote: 'Items from coin packs cannot be converted to points; they are shipped only.',
  },
} as const;

/** The counts offered as buttons (quick-counts.tsx): 1, 10, 100 within max, and all remaining. */
function quickCounts(max: number, remaining: number): { counts: number[]; all: number | null } {
  const counts = [1, 10, 100].filter((count) => count <= max);
  const all = remaining > 0 && remaining <= max && !counts.includes(remaining) ? remaining : null;
  return { counts, all };
}

/**
 * The pack as GET /user/pack/detail/{packId} answers it to this requester (same read, same
 * session note of the pack a later purchase means), or undefined when the API would refuse it
 * (unknown, hidden or unpublished pack, malformed id): then the app shows its own answer.
 */
export async function packBoot(request: FastifyRequest, rawId: string, lang: Lang): Promise<PackBoot | undefined> {
  const id = idSchema.safeParse(rawId);
  if (!id.success) return undefined;
  const { db } = request.server.ctx;
  const key = cookieSessionKey(request);
  const session = key ? await readSession(db, key) : undefined;
  let pack: PackDetail;
  try {
    pack = await catalog.viewPackDetail(db, new Date(), id.data, session, lang);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
  return { key: rawId, pack, member: Boolean(session && session.userId !== null) };
}

/** A limited pack's note (pack-detail-page.tsx), '' for other packs. */
function limitBox(pack: PackDetail, lang: Lang): string {
  if (pack.can_limit !== 1 || !pack.limit_message) return '';
  const title = TEXTS[lang].limitTitle;
  return `<aside class="limit-box" aria-label="${title}"><p class="limit-box__title">${title}</p><p class="limit-box__text">${escapeHtml(pack.limit_message)}</p></aside>`;
}

/** The purchase panel at its start (purchase-panel.tsx): count 1, no error, no modal. */
function purchasePanel(pack: PackDetail, member: boolean, lang: Lang): string {
  const text = TEXTS[lang];
  const soldOut = pack.pack_count <= 0;
  // count-options.ts of the app: the contract's rule, then what the member may still buy of a limited pack.
  const rule = maxPurchaseCount(pack.pack_count, pack.max_buy_count);
  const max = pack.member_remaining === null ? rule : Math.min(rule, Math.max(0, pack.member_remaining));
  const limitReached = !soldOut && pack.member_remaining === 0;
  const disabled = soldOut || limitReached || pack.is_before;
  const offers = !soldOut && !limitReached;
  const off = disabled ? ' disabled' : '';
  let html = '<div class="purchase-panel">';
  if (offers) {
    const { counts, all } = quickCounts(max, pack.pack_count);
    const button = (count: number, label: string) =>
      `<button type="button" class="${count === 1 ? 'quick-count is-chosen' : 'quick-count'}" aria-pressed="${count === 1}"${off}>${label}</button>`;
    if (counts.length > 0) {
      html +=
        `<div class="quick-counts" role="group" aria-label="${text.quickLabel}">` +
        counts.map((count) => button(count, text.countOption(count))).join('') +
        (all !== null ? button(all, text.allRemaining(all)) : '') +
        '</div>';
    }
    html +=
      `<div class="purchase-panel__row"><label for="first-screen-count" class="purchase-panel__label">${text.countLabel}</label>` +
      `<div class="count-stepper"><button type="button" class="count-stepper__step" aria-label="${text.fewer}" disabled>−</button>` +
      `<input id="first-screen-count" class="count-stepper__input" type="text" inputmode="numeric" autocomplete="off" value="1"${off}>` +
      `<button type="button" class="count-stepper__step" aria-label="${text.more}"${disabled || max <= 1 ? ' disabled' : ''}>+</button>` +
      `<span class="count-stepper__range">${text.range(Math.max(1, max))}</span></div></div>`;
  }
  if (pack.member_remaining !== null && !soldOut) {
    html += `<p class="purchase-panel__allowance">${limitReached ? text.limitReached : text.allowance(pack.member_remaining)}</p>`;
  }
  const coins = pack.payment_method === PAYMENT_METHOD.coins;
  if (offers) {
    html += `<p class="purchase-panel__total"><span>${text.total}</span><strong>${groupDigits(pack.point)}${coins ? 'C' : 'P'}</strong></p>`;
  }
  html += `<button type="button" class="btn btn--spin"${off}>${soldOut ? text.soldOut : text.spin}</button>`;
  if (pack.is_before && !soldOut) html += `<p class="purchase-panel__note">${text.notStarted}</p>`;
  if (soldOut) html += `<p class="purchase-panel__note">${text.soldOutNote}</p>`;
  if (!disabled && !member) html += `<p class="purchase-panel__note">${text.loginNote}</p>`;
  if (coins) html += `<p class="purchase-panel__note">${text.coinNote}</p>`;
  return `${html}</div>`;
}

/**
 * The pack page's first screen as plain HTML: the pack's image, marks, name, price, remaining
 * packs, a limited pack's note and the purchase panel as the app first draws them
 * (pack-detail-page.tsx), shown before any JavaScript has run. What ticks (an upcoming pack's
 * countdown, and the panel under it) or sits below the first screen (sale end, lineup,
 * description) is left to the app, which removes this screen when its own renders.
 */
export function renderPackFirstScreen({ pack, member }: PackBoot, lang: Lang): string {
  const text = TEXTS[lang];
  const image = pack.image[0];
  const visual = image
    ? `<div class="pack-visual"><img src="${escapeHtml(image)}" alt="${escapeHtml(pack.name)}" class="pack-visual__image is-active" fetchpriority="high" decoding="async"></div>`
    : '<div class="pack-visual pack-visual--empty" aria-hidden="true"></div>';
  const coins = pack.payment_method === PAYMENT_METHOD.coins;
  return firstScreenFrame(
    lang,
    `<article class="container page pack-detail"><div class="pack-detail__hero">` +
      `<div class="pack-detail__visual">${visual}${pack.pack_count <= 0 ? `<span class="sold-out sold-out--large" aria-hidden="true">${text.soldOut}</span>` : ''}</div>` +
      `<div class="pack-detail__panel"><div class="pack-detail__badges">` +
      (pack.is_before ? `<span class="badge badge--upcoming">${SHARED_TEXTS[lang].upcoming}</span>` : '') +
      `<span class="${coins ? 'badge badge--coin' : 'badge badge--point'}">${coins ? text.coinPack : text.pointPack}</span></div>` +
      `<h1 class="pack-detail__name">${escapeHtml(pack.name)}</h1>` +
      `<p class="pack-detail__price"><span class="pack-detail__per">${SHARED_TEXTS[lang].perPack}</span>${priceTag(pack.point, pack.payment_method, lang, 'price-tag--large')}</p>` +
      remainingBar(pack.pack_count, pack.total_pack_count, lang) +
      // Before the sale a ticking countdown comes first: the app draws it and the panel below it.
      (pack.is_before ? '' : limitBox(pack, lang) + purchasePanel(pack, member, lang)) +
      `</div></div></article>`,
  );
}
