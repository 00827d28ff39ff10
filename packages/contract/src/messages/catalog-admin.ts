/** Messages of the console's catalogue (card types, packs, lineups) and its uploads. */
export const CATALOG_ADMIN_MESSAGES = {
  'media.file_required': { ja: 'ファイルを選択してください。', en: 'Choose a file.' },
  'media.malformed': {
    ja: 'アップロードされたフォームが壊れているか途中で切れています。ファイルを選び直してもう一度お試しください。',
    en: 'The upload form was malformed or cut short. Choose the file again and retry.',
  },
  'media.too_large': { ja: 'ファイルが大きすぎます（上限 {max}）。', en: 'The file is too large (limit {max}).' },
  'media.type_refused': {
    ja: 'この種類のファイルはアップロードできません（{types}）。',
    en: 'This kind of file cannot be uploaded ({types}).',
  },
  'catalog_admin.card_type_taken': { ja: 'この名前のカード種別はすでにあります。', en: 'A card type with this name exists.' },
  'catalog_admin.end_before_start': { ja: '販売終了は販売開始より後にしてください。', en: 'The sale must end after it starts.' },
  'catalog_admin.limit_message_required': {
    ja: '購入上限を設定するときは、上限メッセージも入力してください。',
    en: 'Enter the limit message with a per-member limit.',
  },
  'catalog_admin.coin_ship_only': {
    ja: 'コインで買うパックの賞品はすべて「発送のみ」にしてください。',
    en: 'Every prize of a coin pack must be ship only.',
  },
  'catalog_admin.lineup_invalid': {
    ja: 'ラインナップの内容を確認してください（名前・レアリティ1〜7・枚数1以上・還元ポイント0以上）。',
    en: 'Check the lineup (name, rarity 1-7, count 1 or more, conversion points 0 or more).',
  },
  'catalog_admin.sale_ended': {
    ja: 'このパックの販売は終了し、シードを公開済みのため、再び販売することはできません。',
    en: 'This pack’s sale has ended and its seed is public: it cannot go on sale again.',
  },
  'catalog_admin.end_after_reveal': {
    ja: '販売終了日時は、シードの公開期限（{deadline}）より後にはできません。公開期限までに販売を終えてください。',
    en: 'The sale must end by the seed’s reveal deadline ({deadline}); choose an end no later than that.',
  },
  'catalog_admin.movie_style': { ja: '演出の種類を選択してください。', en: 'Choose a reveal style.' },
  'catalog_admin.image_url': { ja: '画像はアップロードした /media/ の画像を指定してください。', en: 'Use an uploaded /media/ image.' },
} as const;
