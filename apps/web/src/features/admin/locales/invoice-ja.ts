/** The console's texts of the invoice registration number (decision 044). */
export const INVOICE_JA = {
  nav: 'インボイス登録番号',
  heading: '適格請求書発行事業者の登録番号',
  lead: 'ポイント購入の領収書（メールと領収書ページ）、特定商取引法に基づく表記、資金決済法に基づく表示に表示します。「T」と13桁の数字で、先頭の数字（検査用数字）を確認します。未登録の間は空欄にしてください（「登録申請中」と表示します）。',
  number: '登録番号',
  placeholder: 'T1234567890123',
  current: '現在の登録番号',
  none: '未設定（登録申請中と表示）',
  saved: '保存しました。',
  readOnly: '登録番号の変更はオーナーのみ行えます。',
};
