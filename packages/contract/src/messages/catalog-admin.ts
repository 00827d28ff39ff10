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
  'catalog_admin.rank_unknown': {
    ja: '選択されたランクが見つかりません。',
    en: 'The chosen rank does not exist.',
  },
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
  // Catalogue at scale (issue 27 point 4, decision 050)
  'catalog_admin.import_refused': {
    ja: 'ファイルに{count}件の誤りがあるため、ラインナップを取り込んでいません。',
    en: 'The file has {count} problems, so the lineup was not imported.',
  },
  'catalog_admin.import_empty': { ja: 'ファイルに取り込む賞品の行がありません。', en: 'The file has no prize rows to import.' },
  'catalog_admin.line_csv': { ja: 'CSVとして読めません。', en: 'This is not valid CSV.' },
  'catalog_admin.line_header': {
    ja: '見出しに必要な列がありません（{columns}）。書き出したファイルの見出しを使ってください。',
    en: 'The header lacks the columns {columns}. Use the header of an exported file.',
  },
  'catalog_admin.line_field': { ja: '「{column}」: {reason}', en: '{column}: {reason}' },
  'catalog_admin.line_kind': {
    ja: '「kind」は lot・last_one・milestone のいずれかです（「{value}」）。',
    en: 'kind is one of lot, last_one, milestone (not "{value}").',
  },
  'catalog_admin.line_last_one_twice': { ja: 'ラストワン賞は1つまでです。', en: 'A lot has at most one last-one prize.' },
  'catalog_admin.line_milestone_at': {
    ja: '「at」はロットのパック番号（1〜{total}）にしてください。',
    en: 'at must be a pack number of the lot (1-{total}).',
  },
  'catalog_admin.line_too_many': { ja: 'この種類の賞品は{max}件までです。', en: 'At most {max} prizes of this kind.' },
  'catalog_admin.line_coin_ship_only': {
    ja: 'コインで買うパックの賞品は「action_type」を 2（発送のみ）にしてください。',
    en: 'A coin pack’s prizes need action_type 2 (ship only).',
  },
  'catalog_admin.restock_not_ended': {
    ja: '再入荷できるのは、完売したパックか販売が終了したパックだけです。',
    en: 'Only a sold-out pack or one whose sale has ended can be restocked.',
  },
  'catalog_admin.bulk_refused': {
    ja: '{count}件のパックは変更できないため、どのパックも変更していません。',
    en: '{count} of the packs cannot be changed, so no pack was changed.',
  },
} as const;
