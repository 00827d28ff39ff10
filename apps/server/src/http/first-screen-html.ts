import type { Pack, PaymentMethod } from '@oripa/contract/catalog';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { packBadges } from '@oripa/contract/pack-shelf';
import type { Lang } from '@oripa/contract/states';

/**
 * The pieces both server-drawn first screens (top page, pack page) share: the page frame, the
 * price tag, the remaining bar and the pack marks, in the app's markup and class names
 * (components price-tag.tsx, remaining-bar.tsx, pack-badges.tsx, header.tsx). A change of those
 * components changes these too; the browser test compares both screens.
 */

// The same words as the web catalogue's keys (brand.name, header.home, catalog.perPack,
// catalog.remaining, catalog.currency.*, shopper.badge.*, catalog.upcomingBadge): the server
// sends them before the app and its catalogue have loaded.
export const SHARED_TEXTS = {
  ja: {
    home: 'ORIPA トップページ',
    perPack: '1回',
    remaining: (count: string, total: string) => `残り ${count} / ${total}`,
    currency: { point: 'ポイント', coin: 'コイン' },
    badges: { new: 'NEW', few_left: '残りわずか' },
    upcoming: '販売予定',
  },
  en: {
    home: 'ORIPA home',
    perPack: 'Per pack',
    remaining: (count: string, total: string) => `${count} / ${total} left`,
    currency: { point: 'points', coin: 'coins' },
    badges: { new: 'NEW', few_left: 'Few left' },
    upcoming: 'Upcoming',
  },
} as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** 1234567 → '1,234,567', as the app's formatNumber. */
export function groupDigits(value: number): string {
  const whole = Math.trunc(value);
  return (whole < 0 ? '-' : '') + String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** JSON inside <script type="application/json">: nothing in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** A price with its currency badge (price-tag.tsx). */
export function priceTag(amount: number, method: PaymentMethod, lang: Lang, extraClass = ''): string {
  const coins = method === PAYMENT_METHOD.coins;
  return (
    `<span class="${extraClass ? `price-tag ${extraClass}` : 'price-tag'}">` +
    `<span class="${coins ? 'currency-badge currency-badge--coin' : 'currency-badge'}" aria-hidden="true">${coins ? 'C' : 'P'}</span>` +
    `<span class="price-tag__amount">${groupDigits(amount)}</span>` +
    `<span class="visually-hidden">${SHARED_TEXTS[lang].currency[coins ? 'coin' : 'point']}</span></span>`
  );
}

/** "残り 123 / 500" over a bar that empties as the lot sells (remaining-bar.tsx). */
export function remainingBar(remaining: number, total: number, lang: Lang): string {
  const ratio = total > 0 ? Math.min(1, Math.max(0, remaining / total)) : 0;
  return (
    `<div class="${ratio > 0 && ratio <= 0.2 ? 'remaining is-low' : 'remaining'}"><div class="remaining__track" aria-hidden="true">` +
    `<div class="remaining__fill" style="width:${(ratio * 100).toFixed(1)}%"></div></div>` +
    `<p class="remaining__text">${SHARED_TEXTS[lang].remaining(groupDigits(remaining), groupDigits(total))}</p></div>`
  );
}

/** The NEW and few-left marks by the contract's rules, as pack-badges.tsx draws them ('' when none). */
export function packMarks(pack: Pack, lang: Lang): string {
  const marks = packBadges(pack, Date.now())
    .filter((badge) => badge !== 'sold_out')
    .map((badge) => `<span class="badge badge--${badge.replace('_', '-')}">${SHARED_TEXTS[lang].badges[badge as 'new' | 'few_left']}</span>`)
    .join('');
  const upcoming = pack.is_before ? `<span class="badge badge--upcoming">${SHARED_TEXTS[lang].upcoming}</span>` : '';
  return upcoming || marks ? `<span class="pack-tile__badges">${upcoming}${marks}</span>` : '';
}

/**
 * The frame around a server-drawn screen: the header bar (brand only; the app adds the rest), the
 * room of the menu row wide screens show under it (layout.css), and the main area. The app removes #first-screen in the frame its own screen appears
 * (app/root-layout.tsx, lib/first-screen.ts).
 */
export function firstScreenFrame(lang: Lang, main: string): string {
  return (
    `<div id="first-screen" class="first-screen">` +
    `<header class="site-header"><div class="site-header__bar container">` +
    `<a href="/" class="brand" aria-label="${SHARED_TEXTS[lang].home}"><img class="brand__mark" src="/favicon.svg" alt="" width="32" height="32"><span class="brand__name">ORIPA</span></a>` +
    `</div><div class="site-menu first-screen__menu" aria-hidden="true"></div></header>` +
    `<main class="site-main">${main}</main></div>`
  );
}
