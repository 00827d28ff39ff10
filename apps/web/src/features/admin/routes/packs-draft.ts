import { lotEconomics, type PackAdmin, type PackCreatePayload, type PackUpdatePayload } from '@oripa/contract/admin-catalog';
import type { LineupPrize, PackCopy } from '@oripa/contract/admin-catalog-scale';
import { ACTION_TYPE, PAYMENT_METHOD } from '@oripa/contract/constants';
import { checkPrizeCaps, freeDrawPrizes, type ChancePrize, type PrizeCapReport } from '@oripa/contract/prize-caps';

/**
 * The pack editor's form state: every field as the operator types it (text), turned into the
 * contract's payloads on save. The server validates; the browser only computes the live lot
 * economics and converts Japan times.
 */
export interface PrizeDraft {
  /** React key; a committed prize also has its id. */
  key: string;
  id?: number;
  kind: 'lot' | 'last_one' | 'milestone';
  name: string;
  name_en: string;
  rarity: string;
  count: string;
  buy_point: string;
  model_number: string;
  num: string;
  action_type: string;
  image: string;
  /** Milestone prizes: the first pack number, then every so many packs (0: once). */
  at: string;
  every: string;
  /** What one card cost the shop, in yen; '' when not known (decision 050). */
  cost_yen: string;
}

export interface PackDraft {
  name: string;
  name_en: string;
  card_type_id: string;
  point: string;
  payment_method: string;
  start_at: string;
  end_at: string;
  max_buy_count: string;
  limit_per_member: string;
  limit_message: string;
  /** Member-only pack (decision 056): the lowest rank's id ('' = any member). */
  min_rank_id: string;
  first_purchase_only: boolean;
  sms_verified_only: boolean;
  /** Free once a day (one pack, no cost, SMS-verified members); its whole lineup counts against the prize caps. */
  free_daily: boolean;
  show_cardlist: boolean;
  movie_style: string;
  images: string[];
  detail: string;
  detail_en: string;
  sort: string;
  published: boolean;
  lineup: PrizeDraft[];
  /** An owner's reason for chance prizes beyond 景品表示法's caps ('' = none; decision 044). */
  prize_cap_reason: string;
}

let keys = 0;
const newKey = () => `p${++keys}`;

export function emptyPrize(kind: PrizeDraft['kind'] = 'lot'): PrizeDraft {
  return {
    key: newKey(),
    kind,
    name: '',
    name_en: '',
    rarity: '1',
    count: '1',
    buy_point: '0',
    model_number: '',
    num: '1',
    action_type: ACTION_TYPE.choose,
    image: '',
    at: kind === 'milestone' ? '1' : '0',
    every: '0',
    cost_yen: '',
  };
}

const JST_INPUT = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });

/** An instant as a datetime-local value in Japan time (YYYY-MM-DDTHH:mm). */
export function toJstInput(iso: string | null): string {
  return iso ? JST_INPUT.format(new Date(iso)).replace(' ', 'T') : '';
}

/** A datetime-local value read as Japan time, as the ISO text the server takes. */
export function fromJstInput(value: string): string {
  // Browsers give seconds too when the value has them (a pasted or scripted time).
  const local = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(value);
  return local ? `${local[1]}${local[2] ?? ':00'}+09:00` : value;
}

export function newDraft(): PackDraft {
  return {
    name: '',
    name_en: '',
    card_type_id: '',
    point: '',
    payment_method: PAYMENT_METHOD.points,
    start_at: toJstInput(new Date(Date.now() + 86_400_000).toISOString()),
    end_at: '',
    max_buy_count: '0',
    limit_per_member: '0',
    limit_message: '',
    min_rank_id: '',
    first_purchase_only: false,
    sms_verified_only: false,
    free_daily: false,
    show_cardlist: true,
    movie_style: '0',
    images: [],
    detail: '',
    detail_en: '',
    sort: '0',
    published: false,
    lineup: [emptyPrize()],
    prize_cap_reason: '',
  };
}

export function draftOf(pack: PackAdmin): PackDraft {
  return {
    name: pack.name,
    name_en: pack.name_en,
    card_type_id: String(pack.card_type_id),
    point: String(pack.point),
    payment_method: pack.payment_method,
    start_at: toJstInput(pack.start_at),
    end_at: toJstInput(pack.end_at),
    max_buy_count: String(pack.max_buy_count),
    limit_per_member: String(pack.limit_per_member),
    limit_message: pack.limit_message,
    min_rank_id: pack.min_rank_id === null ? '' : String(pack.min_rank_id),
    first_purchase_only: pack.first_purchase_only,
    sms_verified_only: pack.sms_verified_only,
    free_daily: pack.free_daily,
    show_cardlist: pack.show_cardlist,
    movie_style: String(pack.movie_style),
    images: pack.images,
    detail: pack.detail,
    detail_en: pack.detail_en,
    sort: String(pack.sort),
    published: pack.published,
    lineup: pack.lineup.map((p) => ({
      key: `id${p.id}`,
      id: p.id,
      kind: p.kind,
      name: p.name,
      name_en: p.name_en,
      rarity: String(p.rarity),
      count: String(p.count),
      buy_point: String(p.buy_point),
      model_number: p.model_number,
      num: String(p.num),
      action_type: p.action_type,
      image: p.image_url,
      at: String(p.at),
      every: String(p.every),
      cost_yen: p.cost_yen === null ? '' : String(p.cost_yen),
    })),
    // A reason is given for one save: a committed lot shows it in the audit log, not here.
    prize_cap_reason: '',
  };
}

/** The pack's own fields as the contract takes them (numbers stay text: the server parses them). */
function terms(d: PackDraft) {
  return {
    name: d.name,
    name_en: d.name_en,
    card_type_id: d.card_type_id,
    point: d.point,
    payment_method: d.payment_method,
    start_at: fromJstInput(d.start_at),
    end_at: d.end_at ? fromJstInput(d.end_at) : null,
    max_buy_count: d.max_buy_count,
    limit_per_member: d.limit_per_member,
    limit_message: d.limit_message,
    // A draft kept from before these fields existed has none of them: nobody is excluded.
    min_rank_id: d.min_rank_id ? d.min_rank_id : null,
    first_purchase_only: d.first_purchase_only === true,
    sms_verified_only: d.sms_verified_only === true,
    free_daily: d.free_daily === true,
    show_cardlist: d.show_cardlist,
    movie_style: d.movie_style,
    images: d.images,
    detail: d.detail,
    detail_en: d.detail_en,
    sort: d.sort,
    published: d.published,
  };
}

/** A prize's fields as a pack file has them (the extras have no count). */
const prizeOf = (p: PrizeDraft) => ({
  name: p.name,
  name_en: p.name_en,
  rarity: p.rarity,
  buy_point: p.buy_point,
  model_number: p.model_number,
  num: p.num,
  action_type: p.action_type,
  cost_yen: p.cost_yen,
  ...(p.image ? { image: p.image } : {}),
});

/** A new pack: the lot's prizes, then the last-one prize and the milestone prizes (decision 014). */
export function createPayload(d: PackDraft): Record<keyof PackCreatePayload & string, unknown> {
  const lastOne = d.lineup.find((p) => p.kind === 'last_one');
  return {
    ...terms(d),
    lineup: d.lineup.filter((p) => p.kind === 'lot').map((p) => ({ ...prizeOf(p), count: p.count })),
    last_one: lastOne ? prizeOf(lastOne) : undefined,
    milestones: d.lineup.filter((p) => p.kind === 'milestone').map((p) => ({ ...prizeOf(p), at: p.at, every: p.every })),
    prize_cap_reason: d.prize_cap_reason,
  };
}

/** A committed pack's save: its prizes go back as stored, with the conversion terms as edited. */
export function updatePayload(id: number, d: PackDraft): Record<keyof PackUpdatePayload & string, unknown> {
  return {
    id,
    ...terms(d),
    lineup: d.lineup.map((p) => ({
      id: p.id,
      name: p.name,
      name_en: p.name_en,
      image_url: p.image,
      model_number: p.model_number,
      rarity: p.rarity,
      count: p.count,
      num: p.num,
      buy_point: p.buy_point,
      action_type: p.action_type,
      cost_yen: p.cost_yen,
    })),
    prize_cap_reason: d.prize_cap_reason,
  };
}

/** Prizes of a lineup file (or a copied pack) as the editor's rows. */
export function prizesOf(lineup: readonly LineupPrize[]): PrizeDraft[] {
  return lineup.map((p) => ({
    key: newKey(),
    kind: p.kind,
    name: p.name,
    name_en: p.name_en,
    rarity: String(p.rarity),
    count: String(p.kind === 'lot' ? p.count : 1),
    buy_point: String(p.buy_point),
    model_number: p.model_number,
    num: String(p.num),
    action_type: p.action_type,
    image: p.image,
    at: String(p.at),
    every: String(p.every),
    cost_yen: p.cost_yen === null ? '' : String(p.cost_yen),
  }));
}

/** A duplicated pack as a new draft: unpublished, its sale starting tomorrow until changed. */
export function draftOfCopy(copy: PackCopy): PackDraft {
  return {
    ...newDraft(),
    name: copy.name,
    name_en: copy.name_en,
    card_type_id: String(copy.card_type_id),
    point: String(copy.point),
    payment_method: copy.payment_method,
    max_buy_count: String(copy.max_buy_count),
    limit_per_member: String(copy.limit_per_member),
    limit_message: copy.limit_message,
    min_rank_id: copy.min_rank_id === null ? '' : String(copy.min_rank_id),
    first_purchase_only: copy.first_purchase_only,
    sms_verified_only: copy.sms_verified_only,
    free_daily: copy.free_daily,
    show_cardlist: copy.show_cardlist,
    movie_style: String(copy.movie_style),
    images: copy.images,
    detail: copy.detail,
    detail_en: copy.detail_en,
    sort: String(copy.sort),
    published: false,
    lineup: prizesOf(copy.lineup),
  };
}

const whole = (v: string) => (/^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : 0);

/** The live lot size, expected conversion value per pack and gross margin of a draft. */
export function draftEconomics(d: PackDraft) {
  const lot = d.lineup.filter((p) => p.kind === 'lot').map((p) => ({ count: whole(p.count), buy_point: whole(p.buy_point) }));
  return lotEconomics(lot, whole(d.point));
}

/**
 * The draft's last-one and milestone prizes against 景品表示法's caps (decision 044), as the
 * server will weigh them: the pack's price, the lot's size, each prize's conversion value.
 */
export function draftPrizeCaps(d: PackDraft): { prizes: ChancePrize[]; report: PrizeCapReport } {
  const size = d.lineup.filter((p) => p.kind === 'lot').reduce((sum, p) => sum + whole(p.count), 0);
  const prizes = d.lineup.flatMap((p): ChancePrize[] =>
    p.kind === 'lot'
      ? // A free daily lot gives its lineup free by chance: it counts too (decision 056).
        d.free_daily === true
        ? freeDrawPrizes([{ name: p.name, value: whole(p.buy_point), count: whole(p.count) }])
        : []
      : [{ name: p.name, kind: p.kind, at: whole(p.at), every: whole(p.every), value: whole(p.buy_point) }],
  );
  return { prizes, report: checkPrizeCaps(whole(d.point), size, prizes) };
}

/** Where the editor keeps an unsent new pack, so a reload or a closed tab does not lose it. */
const SAVED_DRAFT = 'oripa.admin.pack-draft';

export function savedDraft(): PackDraft | null {
  try {
    const saved = JSON.parse(window.localStorage.getItem(SAVED_DRAFT) ?? 'null') as PackDraft | null;
    return saved && Array.isArray(saved.lineup) && Array.isArray(saved.images) ? { ...newDraft(), ...saved } : null;
  } catch {
    return null;
  }
}

export function keepDraft(draft: PackDraft | null): void {
  try {
    if (draft) window.localStorage.setItem(SAVED_DRAFT, JSON.stringify(draft));
    else window.localStorage.removeItem(SAVED_DRAFT);
  } catch {
    // A full or refused storage only loses the convenience.
  }
}
