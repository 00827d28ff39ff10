import type { banners, exchangeCards, packPrizes, packs, pointCourses } from '../schema/catalog.ts';
import { ACTION_TYPE, PAYMENT_METHOD } from '@oripa/contract/constants';
import { sanitizeDetail } from '../../modules/catalog/sanitize-detail.ts';
import { awardsUpTo } from '../../modules/catalog/extra-prizes.ts';
import { newLotSeed } from '../../modules/catalog/lot-seed.ts';
import { bannerMediaId, cardMediaId, artFiles, packMediaId, type ArtFile } from './art-files.ts';
import {
  DEMO_BANNERS,
  DEMO_CARD_TYPES,
  DEMO_EXCHANGE_CARDS,
  DEMO_PACKS,
  DEMO_POINT_COURSES,
  type DemoCard,
  type DemoPack,
} from './demo-catalog.ts';
import { demoDetailHtml, type DetailLang } from './demo-detail.ts';
import { allocateCounts, buyPointFor } from './demo-lineup.ts';

/** The rows of the demo catalogue, ready to insert once card type and pack ids are known. */
export interface DemoPlan {
  /** The catalogue's pictures (cards, pack art, banners) as files. */
  pictures: ArtFile[];
  cardTypes: { key: string; name: string; nameEn: string; sort: number }[];
  packs: {
    key: string;
    cardType: string;
    row: Omit<typeof packs.$inferInsert, 'cardTypeId'>;
    prizes: Omit<typeof packPrizes.$inferInsert, 'packId'>[];
  }[];
  courses: (typeof pointCourses.$inferInsert)[];
  exchangeCards: {
    cardType: string;
    row: Omit<typeof exchangeCards.$inferInsert, 'cardTypeId'>;
  }[];
  banners: { pack: string; row: Omit<typeof banners.$inferInsert, 'url'> }[];
}

interface CardRef extends DemoCard {
  typeKey: string;
  typeName: string;
  typeNameEn: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export const mediaUrl = (id: string): string => `/media/${id}`;

function priceText(pack: DemoPack, lang: DetailLang): string {
  if (pack.paymentMethod !== PAYMENT_METHOD.coins) return `${pack.price.toLocaleString('ja-JP')}P`;
  return lang === 'ja' ? `${pack.price}コイン` : `${pack.price} coins`;
}

/** A time `days` from `now`, on the hour (rounded up for future times) as an operator would set it. */
function onTheHour(now: Date, days: number): Date {
  const t = now.getTime() + days * DAY_MS;
  return new Date(days > 0 ? Math.ceil(t / HOUR_MS) * HOUR_MS : Math.floor(t / HOUR_MS) * HOUR_MS);
}

function indexCards(): Map<string, CardRef> {
  const cards = new Map<string, CardRef>();
  for (const type of DEMO_CARD_TYPES) {
    for (const card of type.cards) {
      if (cards.has(card.code)) throw new Error(`demo card ${card.code} is listed twice`);
      cards.set(card.code, { ...card, typeKey: type.key, typeName: type.name, typeNameEn: type.nameEn });
    }
  }
  return cards;
}

/**
 * A pack's last-one and milestone prizes as prize slots: one last-one card, and each milestone
 * card as many times as the lot has pack numbers for it (how the console counts them).
 */
function extraPrizesOf(pack: DemoPack, cardOf: (code: string) => CardRef) {
  const total = pack.totalPackCount;
  return [
    ...(pack.lastOne ? [{ card: cardOf(pack.lastOne), kind: 'last_one' as const, at: 0, every: 0, count: 1 }] : []),
    ...(pack.milestones ?? []).map((m) => {
      const rule = { id: 0, kind: 'milestone' as const, at: m.at ?? 0, every: m.every ?? 0 };
      if (rule.at < 1 || rule.at > total) throw new Error(`pack ${pack.key}: milestone at ${rule.at} is not a pack of the lot`);
      return { card: cardOf(m.card), ...rule, count: awardsUpTo(rule, total, total) };
    }),
  ];
}

/** Builds the whole demo catalogue with its art; throws when the data contradicts itself. */
export function planDemo(now: Date): DemoPlan {
  const cards = indexCards();
  const cardOf = (code: string): CardRef => {
    const card = cards.get(code);
    if (!card) throw new Error(`demo catalogue names an unknown card ${code}`);
    return card;
  };

  const plannedPacks = DEMO_PACKS.map((pack, i): DemoPlan['packs'][number] => {
    const n = i + 1;
    const images = Array.from({ length: pack.imageCount }, (_, k) => mediaUrl(packMediaId(n, k + 1)));

    const lineup = pack.prizes.map((p) => ({ ...p, card: cardOf(p.card) }));
    if (lineup.some((p) => p.card.typeKey !== pack.cardType))
      throw new Error(`pack ${pack.key} mixes card types`);
    const counts = allocateCounts(
      pack.totalPackCount,
      lineup.map((p) => ({
        rarity: p.card.rarity,
        count: p.count,
        weight: p.weight,
      })),
    );
    const prizes = lineup
      .map((p, j) => ({ card: p.card, count: counts[j] ?? 0 }))
      .sort((a, b) => b.card.rarity - a.card.rarity || a.card.code.localeCompare(b.card.code));

    const coin = pack.paymentMethod === PAYMENT_METHOD.coins;
    const extras = extraPrizesOf(pack, cardOf);
    if (extras.some((p) => p.card.typeKey !== pack.cardType)) throw new Error(`pack ${pack.key} mixes card types`);
    const detail = (lang: DetailLang): string => {
      const en = lang === 'en';
      return demoDetailHtml(
        {
          cardTypeName: en ? (prizes[0]?.card.typeNameEn ?? '') : (prizes[0]?.card.typeName ?? ''),
          intro: en ? pack.introEn : pack.intro,
          priceText: priceText(pack, lang),
          totalPackCount: pack.totalPackCount,
          paymentMethod: pack.paymentMethod,
          showCardlist: pack.showCardlist ?? true,
          maxBuyCount: pack.maxBuyCount ?? 0,
          limitMessage: (en ? pack.limitMessageEn : pack.limitMessage) ?? '',
          topPrizes: prizes.slice(0, 3).map((p) => ({ name: en ? p.card.nameEn : p.card.name, rarity: p.card.rarity, count: p.count })),
          extraPrizes: extras.map((p) => ({ ...p, name: en ? p.card.nameEn : p.card.name, rarity: p.card.rarity })),
        },
        lang,
      );
    };
    const seed = newLotSeed();
    return {
      key: pack.key,
      cardType: pack.cardType,
      row: {
        name: pack.name,
        nameEn: pack.nameEn,
        price: pack.price,
        paymentMethod: pack.paymentMethod,
        totalPackCount: pack.totalPackCount,
        drawnCount: pack.drawnCount ?? 0,
        startAt: onTheHour(now, pack.startInDays),
        endAt: pack.endInDays === null ? null : onTheHour(now, pack.endInDays),
        maxBuyCount: pack.maxBuyCount ?? 0,
        limitPerMember: pack.limitPerMember ?? 0,
        limitMessage: pack.limitMessage ?? '',
        showCardlist: pack.showCardlist ?? true,
        detailHtml: sanitizeDetail(detail('ja')),
        detailHtmlEn: sanitizeDetail(detail('en')),
        images,
        movieStyle: pack.movieStyle,
        seedSecret: seed.secret,
        seedHash: seed.hash,
        sort: n,
      },
      // The lineup, then the extra prizes: the order the commitment and its mirror list them in.
      prizes: [...prizes.map((p) => ({ ...p, kind: 'lot' as const, at: 0, every: 0 })), ...extras].map((prize, j) => ({
        name: prize.card.name,
        nameEn: prize.card.nameEn,
        imageUrl: mediaUrl(cardMediaId(prize.card.code)),
        modelNumber: prize.card.code,
        rarity: prize.card.rarity,
        num: 1,
        // Coin-pack prizes are shipped only, so they never convert to points.
        buyPoint: coin ? 0 : buyPointFor(prize.card.rarity, prize.card.code),
        actionType: coin ? ACTION_TYPE.shipOnly : ACTION_TYPE.choose,
        count: prize.count,
        sort: j + 1,
        kind: prize.kind,
        milestoneAt: prize.at,
        milestoneEvery: prize.every,
      })),
    };
  });

  const plannedBanners = DEMO_BANNERS.map((banner, i) => {
    if (!DEMO_PACKS.some((p) => p.key === banner.pack))
      throw new Error(`demo banner names an unknown pack ${banner.pack}`);
    return { pack: banner.pack, row: { fileName: mediaUrl(bannerMediaId(i)), sort: i + 1 } };
  });

  return {
    pictures: artFiles(),
    cardTypes: DEMO_CARD_TYPES.map((type, i) => ({
      key: type.key,
      name: type.name,
      nameEn: type.nameEn,
      sort: i + 1,
    })),
    packs: plannedPacks,
    courses: DEMO_POINT_COURSES.map((course, i) => ({
      point: course.point,
      price: Math.round(course.point * 1.1),
      memo: course.memo,
      nameEn: course.memoEn,
      bonusPoint: course.bonus ?? 0,
      sort: i + 1,
    })),
    exchangeCards: DEMO_EXCHANGE_CARDS.map((entry) => {
      const card = cardOf(entry.card);
      return {
        cardType: card.typeKey,
        row: {
          image: mediaUrl(cardMediaId(card.code)),
          // card_name is the game / series the tile shows above the card's own name.
          cardName: card.typeName,
          cardNameEn: card.typeNameEn,
          name: card.name,
          nameEn: card.nameEn,
          modelNumber: card.code,
          rarity: card.rarity,
          subCoin: entry.subCoin,
          stock: entry.stock,
          limitPerMember: entry.limitPerMember ?? 0,
        },
      };
    }),
    banners: plannedBanners,
  };
}
