import type { PackHistory } from '@oripa/contract/gacha';
import { useTranslation } from '@/lib/use-translation.ts';

/** Shipping state of a purchase: '0' not chosen yet, '1' preparing, '2' shipped, '3' no shipping. */
export function SendStateBadge({ state }: { state: PackHistory['send_state'] }) {
  const { t } = useTranslation();
  return (
    <span className={`send-state send-state--${state}`} data-testid="send-state">
      {t(`gacha.history.state.${state}`)}
    </span>
  );
}
