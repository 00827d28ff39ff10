/** The console's texts of age and spending safety (decision 037). */
export const SAFETY_JA = {
  nav: '未成年の購入上限',
  capsHeading: '未成年のポイント購入上限（1か月・税込）',
  capsLead:
    '生年月日から年齢を判定し、日本時間の毎月1日0時にリセットします。決済開始時にサーバーで確認します（決済待ち・支払い済みの合計）。',
  under16: '16歳未満（円）',
  under18: '16〜17歳（円）',
  saved: '保存しました。',
  readOnly: '上限の変更はオーナーのみ行えます。',
  ageHeading: '年齢と購入上限',
  birthDate: '生年月日',
  notSet: '未登録',
  age: '年齢',
  consent: '保護者の同意',
  cap: '今月の上限',
  noCap: '上限なし（18歳以上）',
  capValue: '{{cap}}円（残り{{left}}円、{{at}}にリセット）',
  spent: '今月のポイント購入額（決済待ちを含む）',
  correctHeading: '生年月日の訂正（サポート）',
  correctLead:
    '会員本人は生年月日を変更できません。本人確認のうえ訂正し、理由を記録してください（操作ログに残ります）。',
  newBirthDate: '正しい生年月日',
  reason: '理由',
  correct: '訂正する',
} as const;
