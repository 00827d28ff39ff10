import type { WonCard } from '@oripa/contract/gacha';
import { useTranslation } from '@/lib/use-translation.ts';

/** 「ラストワン賞」 or 「N回目記念賞」 on a card won on top of its pack; nothing on a lot card. */
export function PrizeKindBadge({ card, className = '' }: { card: WonCard; className?: string }) {
  const { t } = useTranslation();
  if (!card.kind || card.kind === 'lot') return null;
  const text =
    card.kind === 'last_one'
      ? t('gacha.card.lastOne')
      : card.milestone_number
        ? t('gacha.card.milestone', { n: card.milestone_number })
        : t('gacha.card.milestoneAny');
  return (
    <span className={`prize-kind-badge prize-kind-badge--${card.kind} ${className}`.trim()} data-testid="prize-kind-badge">
      {text}
    </span>
  );
}
