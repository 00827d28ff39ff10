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
} as const;
