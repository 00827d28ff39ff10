/**
 * The demo catalogue: invented card games, their cards, the packs (lots) built from them, point
 * courses, exchange cards and banners. Pure data; seed-demo.ts turns it into rows and art.
 */

export interface DemoCard {
  /** Model number as printed, e.g. 'MST-001/120'. */
  code: string;
  name: string;
  /** English name for English mode. */
  nameEn: string;
  rarity: number;
}

export interface DemoCardType {
  key: string;
  name: string;
  nameEn: string;
  cards: readonly DemoCard[];
}

/** One prize of a lot: a card by code, a fixed count or a share of the remainder. */
export interface DemoPrize {
  card: string;
  count?: number;
  weight?: number;
}

/** A prize outside the lot (decision 027's extra prizes): for the last pack, or for pack numbers at, at + every, …. */
export interface DemoExtraPrize {
  card: string;
  /** milestone: the first pack number that wins it. */
  at?: number;
  /** milestone: then every this many packs (0 or absent: only `at`). */
  every?: number;
}

export interface DemoPack {
  key: string;
  cardType: string;
  name: string;
  nameEn: string;
  price: number;
  paymentMethod: '1' | '2';
  totalPackCount: number;
  /** Packs already drawn; equal to the total for a sold-out lot. */
  drawnCount?: number;
  /** Sale start relative to the seeding time, in days (negative: already on sale). */
  startInDays: number;
  /** Sale end relative to the seeding time, in days; null for no end. */
  endInDays: number | null;
  maxBuyCount?: number;
  limitPerMember?: number;
  limitMessage?: string;
  /** The limit message of the English description. */
  limitMessageEn?: string;
  showCardlist?: boolean;
  movieStyle: number;
  /** Pack images to generate: 1-3 (booster pack, box, fanned cards). */
  imageCount: 1 | 2 | 3;
  /** Opening paragraph of the description. */
  intro: string;
  introEn: string;
  prizes: readonly DemoPrize[];
  /** The card the buyer of the lot's last pack also gets. */
  lastOne?: string;
  milestones?: readonly DemoExtraPrize[];
}

export interface DemoExchangeCard {
  card: string;
  subCoin: string;
  stock: number;
  limitPerMember?: number;
}

export interface DemoBanner {
  pack: string;
  headline: string;
  subline: string;
  /** The English line drawn under the Japanese ones: the banner is one image for both languages. */
  taglineEn: string;
}

const c = (code: string, name: string, rarity: number, nameEn: string): DemoCard => ({
  code,
  name,
  nameEn,
  rarity,
});

export const DEMO_CARD_TYPES: readonly DemoCardType[] = [
  {
    key: 'monsters',
    name: 'モンスターズTCG',
    nameEn: 'Monsters TCG',
    cards: [
      c('MST-001/120', '紅蓮竜イグニス・ドラグーン', 7, 'Crimson Dragon Ignis Dragoon'),
      c('MST-002/120', '天空神獣ゼファリオン', 7, 'Sky Beast God Zepharion'),
      c('MST-003/120', '氷結の魔女セレスティア', 6, 'Celestia, Witch of Frost'),
      c('MST-004/120', '雷獣ボルテクス', 6, 'Thunder Beast Voltex'),
      c('MST-005/120', '深淵の騎士ヴァルガ', 5, 'Varga, Knight of the Abyss'),
      c('MST-006/120', '星詠みの巫女ルナ', 5, 'Luna, Star-Reading Priestess'),
      c('MST-007/120', '機甲獅子レオガイスト', 5, 'Armored Lion Leogeist'),
      c('MST-012/120', '森の守護者リーフィ', 4, 'Leafy, Forest Guardian'),
      c('MST-015/120', '砂塵の狩人ザイード', 4, 'Zayed, Hunter of the Dunes'),
      c('MST-018/120', '蒼炎のフェニックス', 4, 'Blue Flame Phoenix'),
      c('MST-024/120', '鋼鉄ゴーレム', 3, 'Steel Golem'),
      c('MST-031/120', '月影の黒猫ノクス', 3, 'Nox, Moonshadow Black Cat'),
      c('MST-037/120', '嵐呼ぶグリフォン', 3, 'Storm-Calling Griffon'),
      c('MST-045/120', '水晶スライム', 2, 'Crystal Slime'),
      c('MST-052/120', '炎のコボルト', 2, 'Fire Kobold'),
      c('MST-058/120', '見習い魔導士ミル', 2, 'Mil, Apprentice Mage'),
      c('MST-066/120', '岩石トータス', 2, 'Boulder Tortoise'),
      c('MST-071/120', '森のキノコ兵', 1, 'Forest Mushroom Soldier'),
      c('MST-083/120', '小さな火トカゲ', 1, 'Little Fire Lizard'),
      c('MST-097/120', '草原のウサギ', 1, 'Meadow Rabbit'),
      c('MST-104/120', '迷子の子ゴブリン', 1, 'Lost Little Goblin'),
    ],
  },
  {
    key: 'pirates',
    name: '海賊王カードゲーム',
    nameEn: 'Pirate King Card Game',
    cards: [
      c('KZK-001/100', '七つの海の覇者 キャプテン・グラン', 7, 'Captain Gran, Ruler of the Seven Seas'),
      c('KZK-002/100', '伝説の大海賊 赤髭バルバロス', 7, 'Barbarossa Redbeard, Legendary Pirate'),
      c('KZK-003/100', '嵐の航海士 ミナト', 6, 'Minato, Navigator of Storms'),
      c('KZK-004/100', '双剣の女剣士 カスミ', 6, 'Kasumi, Twin-Sword Swordswoman'),
      c('KZK-005/100', '海軍大将 鉄壁のゴウ', 5, 'Admiral Go the Iron Wall'),
      c('KZK-006/100', '砲撃手 ドン・カノーネ', 5, 'Gunner Don Canone'),
      c('KZK-007/100', '深海の歌姫 セイレーン', 5, 'Siren, Diva of the Deep'),
      c('KZK-011/100', '宝の地図 黄金郷への航路', 4, 'Treasure Map: Route to El Dorado'),
      c('KZK-014/100', '海賊船 クリムゾン・タイド号', 4, 'Pirate Ship Crimson Tide'),
      c('KZK-017/100', '見張り番 トビ', 4, 'Lookout Tobi'),
      c('KZK-022/100', '船大工 ハンマー・ジョー', 3, 'Shipwright Hammer Joe'),
      c('KZK-029/100', '料理長 マルコ', 3, 'Head Cook Marco'),
      c('KZK-033/100', '酒場の看板娘 アン', 3, 'Ann, Tavern Girl'),
      c('KZK-041/100', '新米海賊 ルイ', 2, 'Rookie Pirate Louis'),
      c('KZK-048/100', '甲板掃除のペンギン', 2, 'Deck-Swabbing Penguin'),
      c('KZK-055/100', '港町の情報屋', 2, 'Harbor Town Informant'),
      c('KZK-062/100', '樽の中の密航者', 2, 'Stowaway in a Barrel'),
      c('KZK-071/100', '海賊の子分', 1, 'Pirate Henchman'),
      c('KZK-078/100', '錆びたカトラス', 1, 'Rusty Cutlass'),
      c('KZK-086/100', '港のカモメ', 1, 'Harbor Seagull'),
      c('KZK-093/100', '漂流した木箱', 1, 'Drifting Crate'),
    ],
  },
  {
    key: 'dragon',
    name: 'ドラゴンデュエル',
    nameEn: 'Dragon Duel',
    cards: [
      c('DDL-001/150', '終焉龍ラグナ・エクリプス', 7, 'Doom Dragon Ragna Eclipse'),
      c('DDL-002/150', '創世龍アウロラ・ジェネシス', 7, 'Genesis Dragon Aurora Genesis'),
      c('DDL-003/150', '黒鉄の竜騎士ガルム', 6, 'Garm, Black Iron Dragon Knight'),
      c('DDL-004/150', '翠玉龍エメラルディア', 6, 'Emerald Dragon Emeraldia'),
      c('DDL-005/150', '雷鳴龍ボルトヴルム', 5, 'Thunder Dragon Boltwurm'),
      c('DDL-006/150', '聖光龍セラフィム', 5, 'Holy Light Dragon Seraphim'),
      c('DDL-007/150', '冥府龍ハデスヴァイパー', 5, 'Underworld Dragon Hades Viper'),
      c('DDL-013/150', '炎翼のワイバーン', 4, 'Flame-Winged Wyvern'),
      c('DDL-019/150', '氷牙のドレイク', 4, 'Ice-Fanged Drake'),
      c('DDL-023/150', '竜の巫女シオン', 4, 'Shion, Dragon Priestess'),
      c('DDL-031/150', '眠れる竜の卵', 3, 'Sleeping Dragon Egg'),
      c('DDL-039/150', '地底竜モグラドン', 3, 'Burrowing Dragon Moguradon'),
      c('DDL-044/150', '竜騎士見習いカイト', 3, 'Kite, Dragon Knight Apprentice'),
      c('DDL-058/150', '火吹きトカゲ', 2, 'Fire-Breathing Lizard'),
      c('DDL-067/150', '竜鱗の盾', 2, 'Dragon Scale Shield'),
      c('DDL-074/150', '竜舎の番人', 2, 'Dragon Stable Keeper'),
      c('DDL-081/150', '灼熱の火山洞窟', 2, 'Scorching Volcano Cave'),
      c('DDL-096/150', '子竜ピィ', 1, 'Baby Dragon Pii'),
      c('DDL-108/150', '竜牙の短剣', 1, 'Dragon Fang Dagger'),
      c('DDL-119/150', '竜の巣の小石', 1, 'Pebble from a Dragon Nest'),
      c('DDL-133/150', 'はぐれ竜の影', 1, 'Shadow of a Stray Dragon'),
    ],
  },
  {
    key: 'valkyria',
    name: '星霊戦記ヴァルキリア',
    nameEn: 'Star Spirit Chronicle Valkyria',
    cards: [
      c('VLK-001/090', '戦乙女ブリュンヒルデ -極光-', 7, 'Valkyrie Brynhildr -Aurora-'),
      c('VLK-002/090', '星霊王オーディナス', 7, 'Spirit King Odinas'),
      c('VLK-003/090', '白銀の槍姫ミスティ', 6, 'Misty, Silver Lance Princess'),
      c('VLK-004/090', '夜天の魔弓手シャルロット', 6, 'Charlotte, Night Sky Archer'),
      c('VLK-005/090', '蒼穹の戦乙女エイル', 5, 'Eir, Valkyrie of the Blue Sky'),
      c('VLK-006/090', '紅の剣姫ヒルダ', 5, 'Hilda, Crimson Sword Princess'),
      c('VLK-007/090', '星霊獣フェンリル', 5, 'Spirit Beast Fenrir'),
      c('VLK-010/090', '神樹の加護', 4, 'Blessing of the Divine Tree'),
      c('VLK-013/090', '戦乙女の天馬', 4, 'Valkyrie Pegasus'),
      c('VLK-016/090', '氷雪の星霊スカディ', 4, 'Skadi, Spirit of Snow'),
      c('VLK-021/090', '見習い戦乙女リタ', 3, 'Rita, Apprentice Valkyrie'),
      c('VLK-027/090', '星霊への祈り', 3, 'Prayer to the Spirits'),
      c('VLK-030/090', '月の星霊マーニ', 3, 'Mani, Spirit of the Moon'),
      c('VLK-038/090', 'ルーン文字の石板', 2, 'Rune Stone Tablet'),
      c('VLK-044/090', '戦場の伝令兵', 2, 'Battlefield Messenger'),
      c('VLK-051/090', '星屑の羽根', 2, 'Stardust Feather'),
      c('VLK-057/090', '神殿の衛兵', 2, 'Temple Guard'),
      c('VLK-063/090', '星霊のかけら', 1, 'Spirit Shard'),
      c('VLK-069/090', '銀の手甲', 1, 'Silver Gauntlet'),
      c('VLK-074/090', '夜明けの小鳥', 1, 'Dawn Songbird'),
      c('VLK-082/090', '古びた円盾', 1, 'Worn Round Shield'),
    ],
  },
  {
    key: 'idol',
    name: 'ミラクルアイドル☆コレクション',
    nameEn: 'Miracle Idol☆Collection',
    cards: [
      c('MIC-001/080', '天音ひかり -ドリームライブ-', 7, 'Hikari Amane -Dream Live-'),
      c('MIC-002/080', '白鷺レイナ -アンコール-', 7, 'Reina Shirasagi -Encore-'),
      c('MIC-003/080', '天音ひかり -スターライト衣装-', 6, 'Hikari Amane -Starlight Costume-'),
      c('MIC-004/080', '白鷺レイナ -ミッドナイト衣装-', 6, 'Reina Shirasagi -Midnight Costume-'),
      c('MIC-005/080', '桜井ここね -卒業ライブ-', 5, 'Kokone Sakurai -Graduation Live-'),
      c('MIC-006/080', '黒川ミオ -ロックフェス-', 5, 'Mio Kurokawa -Rock Fest-'),
      c('MIC-007/080', '月城かれん -浴衣ver.-', 5, 'Karen Tsukishiro -Yukata ver.-'),
      c('MIC-010/080', '日向なつみ -サマーライブ-', 4, 'Natsumi Hinata -Summer Live-'),
      c('MIC-013/080', '水瀬あおい -握手会-', 4, 'Aoi Minase -Handshake Event-'),
      c('MIC-016/080', '星野るる -バースデー-', 4, 'Ruru Hoshino -Birthday-'),
      c('MIC-020/080', 'ユニット「プリズム☆ハート」', 3, 'Unit "Prism Heart"'),
      c('MIC-024/080', '桜井ここね -レッスン着-', 3, 'Kokone Sakurai -Lesson Wear-'),
      c('MIC-028/080', '黒川ミオ -レコーディング-', 3, 'Mio Kurokawa -Recording-'),
      c('MIC-033/080', '月城かれん -制服ver.-', 2, 'Karen Tsukishiro -School Uniform ver.-'),
      c('MIC-039/080', '日向なつみ -オフショット-', 2, 'Natsumi Hinata -Off Shot-'),
      c('MIC-044/080', '水瀬あおい -ラジオ収録-', 2, 'Aoi Minase -Radio Show-'),
      c('MIC-050/080', '星野るる -リハーサル-', 2, 'Ruru Hoshino -Rehearsal-'),
      c('MIC-057/080', 'ライブ会場の夜', 1, 'Night at the Concert Hall'),
      c('MIC-062/080', 'ペンライトの海', 1, 'Sea of Penlights'),
      c('MIC-068/080', 'ファンレター', 1, 'Fan Letter'),
      c('MIC-074/080', '楽屋の差し入れ', 1, 'Backstage Treats'),
    ],
  },
];

export const DEMO_PACKS: readonly DemoPack[] = [
  {
    key: 'monsters-500',
    cardType: 'monsters',
    name: '【500P】モンスターズTCG 毎日オリパ',
    nameEn: '[500P] Monsters TCG Daily Oripa',
    price: 500,
    paymentMethod: '1',
    totalPackCount: 3000,
    startInDays: -6,
    endInDays: 30,
    movieStyle: 1,
    imageCount: 3,
    intro: 'ワンコインで気軽に遊べる定番オリパ。最高賞は人気のURカード「紅蓮竜イグニス・ドラグーン」です。',
    introEn:
      'An everyday oripa, easy to play at 500P. The top prize is the popular UR card "Crimson Dragon Ignis Dragoon".',
    prizes: [
      { card: 'MST-001/120', count: 1 },
      { card: 'MST-003/120', count: 2 },
      { card: 'MST-005/120', count: 3 },
      { card: 'MST-006/120', count: 3 },
      { card: 'MST-012/120', count: 10 },
      { card: 'MST-015/120', count: 12 },
      { card: 'MST-024/120', count: 30 },
      { card: 'MST-031/120', count: 40 },
      { card: 'MST-045/120' },
      { card: 'MST-052/120' },
      { card: 'MST-071/120' },
      { card: 'MST-083/120' },
      { card: 'MST-097/120' },
    ],
  },
  {
    key: 'monsters-1000',
    cardType: 'monsters',
    name: '【1,000P】幻獣降臨オリパ',
    nameEn: '[1,000P] Descent of the Mythic Beasts Oripa',
    price: 1000,
    paymentMethod: '1',
    totalPackCount: 2000,
    startInDays: -3,
    endInDays: 30,
    movieStyle: 2,
    imageCount: 2,
    intro: '天空神獣ゼファリオンを筆頭に、幻獣たちが降臨。SR以上のカードを多数封入しました。',
    introEn:
      'Led by Sky Beast God Zepharion, the mythic beasts descend. Packed with many cards of SR and above.',
    prizes: [
      { card: 'MST-002/120', count: 1 },
      { card: 'MST-004/120', count: 2 },
      { card: 'MST-007/120', count: 6 },
      { card: 'MST-018/120', count: 20 },
      { card: 'MST-037/120', count: 50 },
      { card: 'MST-058/120' },
      { card: 'MST-066/120' },
      { card: 'MST-104/120' },
    ],
  },
  {
    key: 'pirates-3000',
    cardType: 'pirates',
    name: '【3,000P】大海賊の秘宝オリパ',
    nameEn: '[3,000P] Great Pirate\'s Treasure Oripa',
    price: 3000,
    paymentMethod: '1',
    totalPackCount: 1000,
    startInDays: -10,
    endInDays: 21,
    movieStyle: 3,
    imageCount: 2,
    intro:
      '七つの海から集めた秘宝を詰め込みました。UR「キャプテン・グラン」「赤髭バルバロス」の2枚看板です。',
    introEn:
      'Treasures gathered from the seven seas. Two headliners: the URs "Captain Gran" and "Barbarossa Redbeard".',
    prizes: [
      { card: 'KZK-001/100', count: 1 },
      { card: 'KZK-002/100', count: 1 },
      { card: 'KZK-003/100', count: 3 },
      { card: 'KZK-004/100', count: 3 },
      { card: 'KZK-005/100', count: 8 },
      { card: 'KZK-006/100', count: 8 },
      { card: 'KZK-011/100', count: 30 },
      { card: 'KZK-014/100', count: 30 },
      { card: 'KZK-022/100', count: 60 },
      { card: 'KZK-041/100' },
      { card: 'KZK-048/100' },
      { card: 'KZK-071/100' },
      { card: 'KZK-078/100' },
    ],
  },
  {
    key: 'dragon-10000',
    cardType: 'dragon',
    name: '【10,000P】ドラゴン頂上決戦オリパ',
    nameEn: '[10,000P] Dragon Summit Showdown Oripa',
    price: 10000,
    paymentMethod: '1',
    totalPackCount: 300,
    startInDays: -2,
    endInDays: 30,
    maxBuyCount: 10,
    movieStyle: 6,
    imageCount: 3,
    intro: '終焉龍と創世龍、2枚のURが激突するハイクラスオリパ。1回のご購入は10口までです。',
    introEn:
      'A high-class oripa where two URs, the Doom Dragon and the Genesis Dragon, clash. Up to 10 packs per purchase.',
    prizes: [
      { card: 'DDL-001/150', count: 1 },
      { card: 'DDL-002/150', count: 1 },
      { card: 'DDL-003/150', count: 2 },
      { card: 'DDL-004/150', count: 2 },
      { card: 'DDL-005/150', count: 5 },
      { card: 'DDL-006/150', count: 5 },
      { card: 'DDL-007/150', count: 5 },
      { card: 'DDL-013/150', count: 15 },
      { card: 'DDL-019/150', count: 15 },
      { card: 'DDL-031/150' },
      { card: 'DDL-058/150' },
      { card: 'DDL-096/150' },
    ],
  },
  {
    key: 'valkyria-30000',
    cardType: 'valkyria',
    name: '【30,000P】極光の戦乙女 ハイエンドオリパ',
    nameEn: '[30,000P] Aurora Valkyrie High-End Oripa',
    price: 30000,
    paymentMethod: '1',
    totalPackCount: 100,
    startInDays: -14,
    endInDays: null,
    movieStyle: 8,
    imageCount: 2,
    intro: '全100口の限定ハイエンドオリパ。SR以上の当たりが14口入っています。',
    introEn:
      'A limited high-end oripa of 100 packs in all, 14 of which hold SR or better.',
    prizes: [
      { card: 'VLK-001/090', count: 1 },
      { card: 'VLK-002/090', count: 1 },
      { card: 'VLK-003/090', count: 2 },
      { card: 'VLK-004/090', count: 2 },
      { card: 'VLK-005/090', count: 4 },
      { card: 'VLK-006/090', count: 4 },
      { card: 'VLK-010/090', count: 12 },
      { card: 'VLK-013/090', count: 12 },
      { card: 'VLK-021/090' },
      { card: 'VLK-030/090' },
    ],
  },
  {
    key: 'pirates-limited',
    cardType: 'pirates',
    name: '【お一人様3口まで】海賊王 感謝祭オリパ',
    nameEn: '[3 packs per member] Pirate King Thanksgiving Oripa',
    price: 1000,
    paymentMethod: '1',
    totalPackCount: 500,
    startInDays: -1,
    endInDays: 14,
    limitPerMember: 3,
    limitMessage: 'お一人様3口までの購入となります。',
    limitMessageEn: 'Up to 3 packs per member.',
    movieStyle: 9,
    imageCount: 1,
    intro:
      '日頃のご愛顧に感謝して、SSR「双剣の女剣士 カスミ」を最高賞に当たりを多めに封入した特別オリパです。より多くの方に楽しんでいただくため、購入口数を制限しています。',
    introEn:
      'A special oripa to thank you for your support, with the SSR "Kasumi, Twin-Sword Swordswoman" as its top prize and more hits than usual. Purchases are limited so that more members can enjoy it.',
    prizes: [
      { card: 'KZK-004/100', count: 1 },
      { card: 'KZK-007/100', count: 3 },
      { card: 'KZK-017/100', count: 10 },
      { card: 'KZK-029/100', count: 30 },
      { card: 'KZK-033/100', count: 30 },
      { card: 'KZK-055/100' },
      { card: 'KZK-062/100' },
      { card: 'KZK-086/100' },
      { card: 'KZK-093/100' },
    ],
  },
  {
    key: 'monsters-upcoming',
    cardType: 'monsters',
    name: '【5,000P】モンスターズTCG 第3弾 先行オリパ',
    nameEn: '[5,000P] Monsters TCG Set 3 Early Oripa',
    price: 5000,
    paymentMethod: '1',
    totalPackCount: 800,
    startInDays: 3,
    endInDays: 33,
    movieStyle: 10,
    imageCount: 2,
    intro: '新弾発売を記念した先行オリパ。販売開始までカウントダウン中です。',
    introEn:
      'An early oripa celebrating the new set. Counting down to the start of sales.',
    prizes: [
      { card: 'MST-001/120', count: 1 },
      { card: 'MST-002/120', count: 1 },
      { card: 'MST-003/120', count: 2 },
      { card: 'MST-004/120', count: 3 },
      { card: 'MST-005/120', count: 6 },
      { card: 'MST-007/120', count: 6 },
      { card: 'MST-012/120', count: 20 },
      { card: 'MST-018/120', count: 20 },
      { card: 'MST-024/120', count: 50 },
      { card: 'MST-037/120', count: 60 },
      { card: 'MST-045/120' },
      { card: 'MST-066/120' },
      { card: 'MST-083/120' },
    ],
  },
  {
    key: 'dragon-soldout',
    cardType: 'dragon',
    name: '【2,000P】ドラゴンデュエル 1周年記念オリパ',
    nameEn: '[2,000P] Dragon Duel 1st Anniversary Oripa',
    price: 2000,
    paymentMethod: '1',
    totalPackCount: 400,
    drawnCount: 400,
    startInDays: -20,
    endInDays: 10,
    movieStyle: 11,
    imageCount: 1,
    intro: 'ドラゴンデュエル1周年を記念した特別オリパ。たくさんのご購入ありがとうございました。',
    introEn:
      'A special oripa for Dragon Duel\'s first anniversary. Thank you for all your purchases.',
    prizes: [
      { card: 'DDL-002/150', count: 1 },
      { card: 'DDL-003/150', count: 1 },
      { card: 'DDL-006/150', count: 3 },
      { card: 'DDL-023/150', count: 10 },
      { card: 'DDL-039/150', count: 30 },
      { card: 'DDL-044/150', count: 30 },
      { card: 'DDL-067/150' },
      { card: 'DDL-074/150' },
      { card: 'DDL-108/150' },
      { card: 'DDL-119/150' },
    ],
    lastOne: 'DDL-001/150',
    milestones: [{ card: 'DDL-005/150', at: 100, every: 100 }],
  },
  {
    key: 'idol-secret',
    cardType: 'idol',
    name: '【3,000P】ミラクルアイドル シークレットオリパ',
    nameEn: '[3,000P] Miracle Idol Secret Oripa',
    price: 3000,
    paymentMethod: '1',
    totalPackCount: 600,
    startInDays: -5,
    endInDays: 30,
    showCardlist: false,
    movieStyle: 12,
    imageCount: 2,
    intro: 'ラインナップは開けてからのお楽しみ。人気メンバーのライブ衣装カードが眠っています。',
    introEn:
      'The lineup is a surprise until you open it. Live-costume cards of popular members are waiting inside.',
    prizes: [
      { card: 'MIC-001/080', count: 1 },
      { card: 'MIC-002/080', count: 1 },
      { card: 'MIC-003/080', count: 2 },
      { card: 'MIC-004/080', count: 2 },
      { card: 'MIC-005/080', count: 3 },
      { card: 'MIC-006/080', count: 3 },
      { card: 'MIC-007/080', count: 3 },
      { card: 'MIC-010/080', count: 15 },
      { card: 'MIC-013/080', count: 15 },
      { card: 'MIC-016/080', count: 15 },
      { card: 'MIC-020/080', count: 40 },
      { card: 'MIC-024/080' },
      { card: 'MIC-033/080' },
      { card: 'MIC-057/080' },
      { card: 'MIC-062/080' },
    ],
  },
  {
    key: 'monsters-coin',
    cardType: 'monsters',
    name: '【コインガチャ】モンスターズTCG 10コイン',
    nameEn: '[Coin gacha] Monsters TCG 10 coins',
    price: 10,
    paymentMethod: '2',
    totalPackCount: 2000,
    startInDays: -8,
    endInDays: null,
    movieStyle: 13,
    imageCount: 2,
    intro: '貯まったコインで遊べるガチャ。当たったカードはすべてご自宅へお届けします。',
    introEn:
      'A gacha you play with the coins you have earned. Every card you win is shipped to your home.',
    prizes: [
      { card: 'MST-002/120', count: 1 },
      { card: 'MST-006/120', count: 3 },
      { card: 'MST-015/120', count: 20 },
      { card: 'MST-031/120', count: 60 },
      { card: 'MST-052/120' },
      { card: 'MST-071/120' },
      { card: 'MST-097/120' },
    ],
  },
  {
    key: 'idol-coin',
    cardType: 'idol',
    name: '【コインガチャ】ミラクルアイドル 50コイン',
    nameEn: '[Coin gacha] Miracle Idol 50 coins',
    price: 50,
    paymentMethod: '2',
    totalPackCount: 500,
    startInDays: -4,
    endInDays: 45,
    movieStyle: 14,
    imageCount: 1,
    intro: 'コイン専用のアイドルガチャ。ここでしか手に入らないライブ衣装カードも登場します。',
    introEn:
      'An idol gacha for coins only, with live-costume cards found nowhere else.',
    prizes: [
      { card: 'MIC-001/080', count: 1 },
      { card: 'MIC-004/080', count: 2 },
      { card: 'MIC-006/080', count: 5 },
      { card: 'MIC-013/080', count: 15 },
      { card: 'MIC-028/080', count: 40 },
      { card: 'MIC-039/080' },
      { card: 'MIC-044/080' },
      { card: 'MIC-068/080' },
      { card: 'MIC-074/080' },
    ],
  },
  {
    key: 'valkyria-500',
    cardType: 'valkyria',
    name: '【500P】星霊戦記ヴァルキリア ワンコインオリパ',
    nameEn: '[500P] Star Spirit Chronicle Valkyria One-Coin Oripa',
    price: 500,
    paymentMethod: '1',
    totalPackCount: 3000,
    startInDays: -12,
    endInDays: null,
    movieStyle: 0,
    imageCount: 1,
    intro: '戦乙女たちのカードを500Pで。最高賞はUR「星霊王オーディナス」です。',
    introEn:
      'Valkyrie cards for 500P. The top prize is the UR "Spirit King Odinas".',
    prizes: [
      { card: 'VLK-002/090', count: 1 },
      { card: 'VLK-004/090', count: 2 },
      { card: 'VLK-007/090', count: 2 },
      { card: 'VLK-016/090', count: 8 },
      { card: 'VLK-021/090', count: 20 },
      { card: 'VLK-030/090', count: 20 },
      { card: 'VLK-038/090' },
      { card: 'VLK-051/090' },
      { card: 'VLK-063/090' },
      { card: 'VLK-074/090' },
    ],
  },
  {
    key: 'pirates-last-one',
    cardType: 'pirates',
    name: '【1,500P】海賊王 ラストワン賞つきオリパ',
    nameEn: '[1,500P] Pirate King Oripa with a Last-One Prize',
    price: 1500,
    paymentMethod: '1',
    totalPackCount: 300,
    // Partly sold through real purchases, so its milestone prizes have been won already.
    drawnCount: 120,
    startInDays: -2,
    endInDays: 20,
    movieStyle: 4,
    imageCount: 2,
    intro:
      '最後の1口を引いた方にはUR「キャプテン・グラン」をプレゼント。50口ごとの節目賞、150口目の特別節目賞もご用意しました。',
    introEn:
      'Whoever draws the last pack also gets the UR "Captain Gran". There is a milestone prize every 50 packs, and a special one for pack 150.',
    prizes: [
      { card: 'KZK-003/100', count: 1 },
      { card: 'KZK-006/100', count: 2 },
      { card: 'KZK-011/100', count: 6 },
      { card: 'KZK-017/100', count: 8 },
      { card: 'KZK-029/100', count: 20 },
      { card: 'KZK-041/100' },
      { card: 'KZK-055/100' },
      { card: 'KZK-071/100' },
      { card: 'KZK-086/100' },
    ],
    lastOne: 'KZK-001/100',
    milestones: [
      { card: 'KZK-007/100', at: 50, every: 50 },
      { card: 'KZK-004/100', at: 150 },
    ],
  },
  {
    key: 'idol-upcoming',
    cardType: 'idol',
    name: '【2,000P】ミラクルアイドル 新春ライブオリパ',
    nameEn: '[2,000P] Miracle Idol New Year Live Oripa',
    price: 2000,
    paymentMethod: '1',
    totalPackCount: 500,
    startInDays: 7,
    endInDays: 37,
    movieStyle: 5,
    imageCount: 1,
    intro: '新春ライブの衣装カードを集めたオリパ。来週の販売開始をお楽しみに。',
    introEn: 'An oripa of the New Year live costume cards. Sales open next week.',
    prizes: [
      { card: 'MIC-002/080', count: 1 },
      { card: 'MIC-003/080', count: 2 },
      { card: 'MIC-007/080', count: 4 },
      { card: 'MIC-016/080', count: 12 },
      { card: 'MIC-024/080', count: 30 },
      { card: 'MIC-050/080' },
      { card: 'MIC-057/080' },
      { card: 'MIC-074/080' },
    ],
  },
];

/**
 * Point courses: points for yen, tax included (price = points x 1.1, rounded). The larger ones
 * carry bonus points, and only those say so (issue 15: no ribbon claims a deal that is not there).
 */
export const DEMO_POINT_COURSES: readonly { point: number; memo: string; memoEn: string; bonus?: number }[] = [
  { point: 1000, memo: 'はじめての方におすすめ', memoEn: 'For first-timers' },
  { point: 3000, memo: '', memoEn: '' },
  { point: 5000, memo: '人気No.1', memoEn: 'Most popular' },
  { point: 10000, memo: '', memoEn: '', bonus: 300 },
  { point: 20000, memo: '', memoEn: '', bonus: 800 },
  { point: 30000, memo: 'まとめ買いに', memoEn: 'For bulk buyers', bonus: 1500 },
  { point: 50000, memo: '', memoEn: '', bonus: 3000 },
  { point: 100000, memo: '最大コース', memoEn: 'Largest course', bonus: 8000 },
];

export const DEMO_EXCHANGE_CARDS: readonly DemoExchangeCard[] = [
  { card: 'MST-001/120', subCoin: '1200.00', stock: 1, limitPerMember: 1 },
  { card: 'MST-003/120', subCoin: '450.00', stock: 3, limitPerMember: 1 },
  { card: 'MST-012/120', subCoin: '120.00', stock: 10 },
  { card: 'KZK-002/100', subCoin: '980.00', stock: 1, limitPerMember: 1 },
  { card: 'KZK-005/100', subCoin: '210.50', stock: 5, limitPerMember: 2 },
  { card: 'KZK-022/100', subCoin: '35.50', stock: 30 },
  { card: 'DDL-001/150', subCoin: '1500.00', stock: 1, limitPerMember: 1 },
  { card: 'DDL-006/150', subCoin: '260.00', stock: 4 },
  { card: 'DDL-044/150', subCoin: '40.00', stock: 25 },
  { card: 'VLK-003/090', subCoin: '520.00', stock: 2, limitPerMember: 1 },
  { card: 'VLK-013/090', subCoin: '88.80', stock: 12 },
  { card: 'VLK-021/090', subCoin: '30.00', stock: 0 },
  { card: 'MIC-002/080', subCoin: '1100.00', stock: 1, limitPerMember: 1 },
  { card: 'MIC-010/080', subCoin: '95.00', stock: 8, limitPerMember: 3 },
  { card: 'MIC-033/080', subCoin: '12.50', stock: 50 },
];

export const DEMO_BANNERS: readonly DemoBanner[] = [
  {
    pack: 'dragon-10000',
    headline: 'ドラゴン頂上決戦オリパ',
    subline: '1口10,000P・UR「終焉龍ラグナ・エクリプス」封入',
    taglineEn: 'Dragon Summit Showdown: 10,000P a pack, with the UR Doom Dragon',
  },
  {
    pack: 'monsters-upcoming',
    headline: 'モンスターズTCG 第3弾',
    subline: '先行オリパ まもなく販売開始',
    taglineEn: 'Monsters TCG Set 3: the early oripa opens soon',
  },
  {
    pack: 'monsters-coin',
    headline: 'コインガチャ登場',
    subline: '10コインから遊べる・当たりはすべてご自宅へ',
    taglineEn: 'Coin gacha from 10 coins, every win shipped home',
  },
];
