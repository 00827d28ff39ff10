import type { BannerList, CardType, Pack } from '@oripa/contract/catalog';
import { FIRST_TILES, type TopBoot } from '@oripa/contract/first-screen';
import { PACK_FILTERS } from '@oripa/contract/pack-shelf';
import type { SiteInfo } from '@oripa/contract/site';
import type { Lang } from '@oripa/contract/states';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import * as catalog from '../modules/catalog/catalog.service.ts';
import { siteInfo } from '../modules/site/site.routes.ts';
import { escapeHtml, firstScreenFrame, packMarks, priceTag, remainingBar, SHARED_TEXTS } from './first-screen-html.ts';


// The few fixed texts of the top page's first screen, the same words as the web catalogue's keys
// (catalog.topTitle, catalog.banner.label, shopper.shelf.*); the shared ones are in first-screen-html.ts.
const TEXTS = {
  ja: {
    title: 'ORIPA オンラインオリパ・カードガチャ',
    banner: 'おすすめ',
    sisters: '姉妹サイト',
    other: 'その他',
    sortLabel: '並び替え',
    sortDefault: 'おすすめ順',
    filterLabel: '絞り込み',
    filters: { all: 'すべて', points: 'ポイントで購入', coins: 'コインで購入', on_sale: '販売中のみ' },
  },
  en: {
    title: 'ORIPA online card packs & gacha',
    banner: 'Featured',
    sisters: 'Sister sites',
    other: 'Other',
    sortLabel: 'Sort',
    sortDefault: 'Recommended',
    filterLabel: 'Filter',
    filters: { all: 'All', points: 'Paid with points', coins: 'Paid with coins', on_sale: 'On sale now' },
  },
} as const;

/** Tiles drawn before the app runs: enough to fill a phone's first screen and a desktop's first row. */

/** Packs not upcoming, in the order the top page lists them (card type order, then as listed). */
function onSale(packs: Pack[], types: CardType[]): Pack[] {
  const order = new Map(types.map((type, index) => [type.id, index]));
  const rank = (pack: Pack) => order.get(pack.card_type) ?? types.length;
  return packs.filter((pack) => !pack.is_before).sort((a, b) => rank(a) - rank(b));
}

/** A pack in the list, as pack-tile.tsx draws it (a link, or a disabled box when sold out). */
function tile(pack: Pack, lang: Lang, eager: boolean): string {
  const image = pack.image[0];
  const media = image
    ? `<img src="${escapeHtml(image)}" alt="" ${eager ? 'fetchpriority="high"' : 'loading="lazy"'} decoding="async">`
    : '<div class="pack-tile__noimage" aria-hidden="true"></div>';
  const soldOut = pack.pack_count <= 0;
  const open = soldOut ? '<div class="pack-tile is-sold-out" aria-disabled="true">' : `<a href="/pack-detail?packId=${pack.id}" class="pack-tile">`;
  return (
    `<li>${open}` +
    `<div class="pack-tile__media">${media}${packMarks(pack, lang)}${soldOut ? '<span class="sold-out" aria-hidden="true">SOLD OUT</span>' : ''}</div>` +
    `<div class="pack-tile__body"><h3 class="pack-tile__name">${escapeHtml(pack.name)}</h3>` +
    `<div class="pack-tile__price"><span class="pack-tile__per">${SHARED_TEXTS[lang].perPack}</span>${priceTag(pack.point, pack.payment_method, lang)}</div>` +
    remainingBar(pack.pack_count, pack.total_pack_count, lang) +
    `</div>${soldOut ? '</div>' : '</a>'}</li>`
  );
}

function banner(data: BannerList, lang: Lang): string {
  const first = data.list[0];
  if (!first || data.mode !== 1) return '';
  const img = `<img class="banner-image" src="${escapeHtml(first.file_name)}" alt="" width="1200" height="400" fetchpriority="high">`;
  const body = first.url ? `<a href="${escapeHtml(first.url)}" class="banner-link" aria-label="${TEXTS[lang].banner}">${img}</a>` : img;
  return `<section class="banner-area" aria-label="${TEXTS[lang].banner}"><div class="banner-slider">${body}</div></section>`;
}

function sisterSites(info: SiteInfo, lang: Lang): string {
  const sites = info.links.sister_sites;
  if (sites.length === 0) return '';
  const items = sites
    .map(
      (site) =>
        `<li><a href="${escapeHtml(site.url)}" class="sister-sites__link"><img src="${escapeHtml(site.icon)}" alt="" width="56" height="56"><span class="sister-sites__name">${escapeHtml(site.name)}</span></a></li>`,
    )
    .join('');
  return `<nav class="sister-sites" aria-label="${TEXTS[lang].sisters}"><ul class="sister-sites__list">${items}</ul></nav>`;
}

/**
 * The top page's sort and filter bar as the app draws it at its defaults (shelf-bar.tsx), so the
 * packs do not move down when the app takes over; it works once the app runs.
 */
function shelfBar(lang: Lang): string {
  const text = TEXTS[lang];
  const chips = PACK_FILTERS.map(
    (filter) => `<button type="button" class="shelf-chip" aria-pressed="${filter === 'all'}">${text.filters[filter]}</button>`,
  ).join('');
  return (
    `<div class="shelf-bar"><div class="shelf-bar__sort"><label for="first-screen-sort">${text.sortLabel}</label>` +
    `<select id="first-screen-sort" class="select"><option>${text.sortDefault}</option></select></div>` +
    `<div class="shelf-bar__filters" role="group" aria-label="${text.filterLabel}">${chips}</div></div>`
  );
}

/** The top page's data, read once for the first screen and for the app's query cache. */
export async function topBoot(db: Db, config: Config, lang: Lang = 'ja'): Promise<TopBoot> {
  const [packs, card_types, bannerList] = await Promise.all([
    catalog.packList(db, new Date(), undefined, lang),
    catalog.cardTypes(db, lang),
    catalog.banners(db),
  ]);
  return { packs, card_types, banner: bannerList, site_info: siteInfo(config) };
}

/**
 * The top page's first screen as plain HTML: header bar, first banner and the first packs on
 * sale, styled by the app's own stylesheet. It shows before any JavaScript has run; the app
 * removes it when its own first screen is rendered (top-page.tsx, through useDrawnScreenTakeOver).
 */
export function renderTopFirstScreen(boot: TopBoot, lang: Lang): string {
  const text = TEXTS[lang];
  const packs = onSale(boot.packs, boot.card_types).slice(0, FIRST_TILES);
  const eagerTiles = boot.banner.list.length === 0 ? 2 : 0;
  const sections: string[] = [];
  let drawn = 0;
  for (const typeId of [...new Set(packs.map((pack) => pack.card_type))]) {
    const name = boot.card_types.find((type) => type.id === typeId)?.name ?? text.other;
    const tiles = packs
      .filter((pack) => pack.card_type === typeId)
      .map((pack) => tile(pack, lang, (drawn += 1) <= eagerTiles))
      .join('');
    sections.push(
      `<section class="pack-section"><div class="section-head"><h2 class="section-title">${escapeHtml(name)}</h2></div><ul class="pack-grid">${tiles}</ul></section>`,
    );
  }
  return firstScreenFrame(
    lang,
    `<div class="top-page"><h1 class="visually-hidden">${text.title}</h1>` +
      banner(boot.banner, lang) +
      `<div class="container">${sisterSites(boot.site_info, lang)}${shelfBar(lang)}${sections.join('')}</div></div>`,
  );
}
