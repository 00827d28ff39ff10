/** Messages of oripa-draw-v2: draws from a public beacon, commitments published ahead (issue 20). */
export const FAIRNESS_MESSAGES = {
  'fairness.cards_pending': {
    ja: 'カードを抽選中です。数秒後にもう一度お試しください。',
    en: 'Your cards are being drawn. Please try again in a few seconds.',
  },
  'fairness.beacon_paused': {
    ja: '公開乱数（ビーコン）が届かないため、このパックの販売を一時停止しています。購入済みのパックは乱数が届きしだい抽選されます。',
    en: 'Sales of this pack are paused because the public randomness beacon is not reachable. Packs already bought are drawn as soon as it returns.',
  },
  'fairness.publish_lead': {
    ja: '販売開始は、内容の公開（コミットメント）から{hours}時間以上あとにしてください（{earliest}以降）。',
    en: 'The sale must start at least {hours} hours after the lot is published (its commitment): {earliest} or later.',
  },
} as const;
