/** Messages of the console's shipping queue (issue 13). */
export const SHIPPING_MESSAGES = {
  'shipping.bulk_refused': {
    ja: '{count}件の発送依頼はこの操作ができないため、何も変更していません。',
    en: '{count} of the selected requests cannot take this step, so nothing was changed.',
  },
  'shipping.tracking_invalid': {
    ja: '伝票番号は8〜20桁の半角英数字で入力してください。',
    en: 'Enter a tracking number of 8 to 20 letters and digits.',
  },
  'shipping.import_refused': {
    ja: 'ファイルに{count}件の誤りがあるため、何も取り込んでいません。',
    en: 'The file has {count} problems, so nothing was imported.',
  },
  'shipping.file_empty': { ja: 'ファイルに取り込む行がありません。', en: 'The file has no rows to import.' },
  'shipping.line_csv': { ja: 'CSVとして読めません。', en: 'This is not valid CSV.' },
  'shipping.line_header': {
    ja: '見出しに「お客様管理番号」と「伝票番号」が必要です。',
    en: 'The header needs the columns お客様管理番号 and 伝票番号.',
  },
  'shipping.line_request': { ja: '発送依頼番号「{value}」が見つかりません。', en: 'No shipping request "{value}".' },
  'shipping.line_tracking': {
    ja: '伝票番号「{value}」が正しくありません（8〜20桁の半角英数字）。',
    en: 'Tracking number "{value}" is not valid (8 to 20 letters and digits).',
  },
  'shipping.line_duplicate': {
    ja: '発送依頼{value}はファイル内で重複しています。',
    en: 'Shipping request {value} appears twice in the file.',
  },
  'shipping.line_state': {
    ja: '発送依頼{value}は「{state}」のため発送済みにできません（梱包済みのみ）。',
    en: 'Shipping request {value} is {state}; only packed requests can be shipped.',
  },
  // Hardening 2 (issue 22 C, G)
  'shipping.export_overseas': {
    ja: '海外宛ての発送依頼（{ids}）はB2クラウドの送り状にできないため、ファイルを作成していません。海外発送は別に手配し、これらを選択から外してください。',
    en: 'Shipping requests {ids} go abroad, which B2 Cloud labels cannot carry, so no file was made. Arrange overseas parcels separately and leave them out of the selection.',
  },
  'shipping.line_header_duplicate': {
    ja: '見出しの「{column}」が{first}列目と{second}列目の2か所にあり、どちらを使うか決められません。',
    en: 'The header names {column} twice (columns {first} and {second}), so which one to read is unclear.',
  },
  // Every carrier and combined parcels (issue 27 point 5, decision 051)
  'shipping.combine_two': { ja: '同梱するには発送依頼を2件以上選んでください。', en: 'Select two or more requests to combine.' },
  'shipping.combine_missing': { ja: '発送依頼（{ids}）が見つかりません。', en: 'No shipping requests {ids}.' },
  'shipping.combine_member': {
    ja: '発送依頼（{ids}）は別の会員の依頼のため、同梱していません。同梱できるのは同じ会員の依頼だけです。',
    en: 'Requests {ids} belong to another member, so nothing was combined. Only one member’s requests can share a parcel.',
  },
  'shipping.combine_address': {
    ja: '発送依頼（{ids}）はお届け先が異なるため、同梱していません。',
    en: 'Requests {ids} go to another address, so nothing was combined.',
  },
  'shipping.combine_state': {
    ja: '発送依頼（{ids}）は受付・ピッキング中ではないため、同梱していません。梱包済み・発送済みの依頼は同梱できません。',
    en: 'Requests {ids} are no longer requested or picking, so nothing was combined. Packed or shipped requests cannot be combined.',
  },
  'shipping.split_state': {
    ja: '発送依頼（{ids}）の荷物はすでに梱包済みのため、分けていません。分けられるのは梱包前だけです。',
    en: 'The parcels of requests {ids} are already packed, so nothing was split. A parcel can be split only before it is packed.',
  },
  'shipping.export_over_limit': {
    ja: '{count}か所が{format}の文字数制限を超えるため、ファイルを作成していません（荷物番号・項目・長さ/上限、Shift_JISのバイト数）：{list}',
    en: '{count} fields are longer than {format} takes, so no file was made (parcel, field, length/limit in Shift_JIS bytes): {list}',
  },
  'shipping.line_tracking_carrier': {
    ja: '伝票番号「{value}」は{carrier}の番号の形ではありません。',
    en: 'Tracking number "{value}" is not a {carrier} number.',
  },
} as const;
