import * as api from '@oripa/contract/api-paths';
import type { UserDetail } from '@oripa/contract/accounts';
import { BUY_RANK_RESULT } from '@oripa/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Modal } from '@/components/modal.tsx';
import { apiCall, firstError, isOk } from '@/lib/api-client.ts';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { formatCoins } from '@/lib/format.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { USER_DETAIL_KEY } from '@/lib/user-detail.ts';
import { coinCents } from './rank-progress.ts';

type Dialog = { kind: 'confirm' } | { kind: 'done' } | { kind: 'alert'; message: string } | null;

interface RankMaintenanceProps {
  detail: UserDetail;
  /** The member's coins (decimal string) and current rank code, from GET /user/point. */
  coin: string;
  rankCode: string;
}

/**
 * Keeping the current rank next month by spending coins (spec section 4, 'Rank maintenance').
 * The button shows only when the server says the rank can be maintained (is_rank_maintained).
 * Too few coins: the alert 'coins are insufficient'; otherwise a confirmation, POST
 * /user/buy_rank {coin, next_month_rank}, a done message and the member refreshed (a refusal is
 * an alert with errors.count). The dialogs stay mounted when the refresh hides the button.
 */
export function RankMaintenance({ detail, coin, rankCode }: RankMaintenanceProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  // A ref, not state: two clicks in one frame must not post twice.
  const posting = useRef(false);
  const close = () => setDialog(null);

  const start = () => {
    if (coinCents(coin) < coinCents(detail.rank_coin))
      setDialog({ kind: 'alert', message: t('accounts.rankKeep.coinsShort') });
    else setDialog({ kind: 'confirm' });
  };

  const buy = async () => {
    if (posting.current) return;
    posting.current = true;
    setDialog(null);
    try {
      const result = await withLoading(async () => {
        const r = await apiCall(api.buyRank, { payload: { coin: detail.rank_coin, next_month_rank: rankCode } });
        // Coins (header) and the rank area change; a refusal may mean they changed elsewhere.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, refetchType: 'all' }),
          queryClient.invalidateQueries({ queryKey: USER_DETAIL_KEY, refetchType: 'all' }),
        ]);
        return r;
      });
      if (isOk(result) && result.result === BUY_RANK_RESULT.ok) setDialog({ kind: 'done' });
      else
        setDialog({
          kind: 'alert',
          message: firstError(result.errors, 'count') ?? t('accounts.rankKeep.failed'),
        });
    } finally {
      posting.current = false;
    }
  };

  const okButton = (
    <button type="button" className="btn btn--gold" onClick={close}>
      {t('common.ok')}
    </button>
  );

  return (
    <>
      {detail.is_rank_maintained && (
        <section className="surface-card rank-keep" aria-labelledby="rank-keep-title" data-testid="rank-maintenance">
          <h2 id="rank-keep-title" className="rank-keep__title">
            {t('accounts.rankKeep.title')}
          </h2>
          <p>
            {t('accounts.rankKeep.text', { rank: detail.rank_name, coins: formatCoins(detail.rank_coin) })}
          </p>
          <button
            type="button"
            className="btn btn--gold btn--block"
            onClick={start}
            data-testid="rank-keep-button"
          >
            {t('accounts.rankKeep.button')}
          </button>
        </section>
      )}

      <Modal
        open={dialog?.kind === 'confirm'}
        onClose={close}
        title={t('accounts.rankKeep.title')}
        actions={
          <>
            <button type="button" className="btn btn--outline" onClick={close}>
              {t('accounts.common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--gold"
              onClick={() => void buy()}
              data-testid="rank-keep-confirm"
            >
              {t('accounts.rankKeep.confirmButton')}
            </button>
          </>
        }
      >
        <p>
          {t('accounts.rankKeep.confirm', { rank: detail.rank_name, coins: formatCoins(detail.rank_coin) })}
        </p>
      </Modal>
      <Modal
        open={dialog?.kind === 'done'}
        onClose={close}
        title={t('accounts.rankKeep.title')}
        actions={okButton}
      >
        <p data-testid="rank-keep-done">{t('accounts.rankKeep.done', { rank: detail.rank_name })}</p>
      </Modal>
      <Modal
        open={dialog?.kind === 'alert'}
        onClose={close}
        role="alertdialog"
        title={t('accounts.common.notice')}
        actions={okButton}
      >
        <p data-testid="rank-keep-alert">{dialog?.kind === 'alert' ? dialog.message : ''}</p>
      </Modal>
    </>
  );
}
