import { MAX_PURCHASE_COUNT, PAYMENT_METHOD } from '@oripa/contract/constants';
import type { PackDetail } from '@oripa/contract/catalog';
import { packUnitPrice } from '@oripa/contract/constants';
import type { CurrentUser } from '@oripa/contract/user';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { usePackDetail } from '@/lib/pack-detail.ts';
import { useCurrentUser } from '@/lib/current-user.ts';
import { formatCoins, formatNumber, formatPackPrice, formatPoints } from '@/lib/format.ts';
import { withLoading } from '@/lib/loading.ts';
import {
  buyPacks,
  checkPackPurchase,
  packDetailPath,
  refreshAfterPurchase,
  revealArrival,
  type BuyOutcome,
} from '@/lib/pack-purchase.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { parsePurchaseRef } from './purchase-paths.ts';
import '@/components/purchase-sheet.css';
import './gacha.css';
import { langOf } from '@/lib/text-lang.ts';

/** Coins arrive as decimal strings ('1234.50'): counted in hundredths so no float rounding shows. */
function coinCents(value: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?/.exec(value.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : 0;
}

function centsToCoins(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The member's balance in the pack's currency, and what is left after paying `cost`. */
function balances(pack: PackDetail, user: CurrentUser, cost: number): { held: string; after: string; short: boolean } {
  if (pack.payment_method === PAYMENT_METHOD.coins) {
    const after = coinCents(user.coin) - cost * 100;
    return { held: formatCoins(user.coin), after: formatCoins(centsToCoins(after)), short: after < 0 };
  }
  return { held: formatPoints(user.point), after: formatPoints(user.point - cost), short: user.point < cost };
}

function ConfirmView({ pack, count }: { pack: PackDetail; count: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [buying, setBuying] = useState(false);
  const busy = useRef(false);
  const cost = packUnitPrice(pack) * count;
  const coins = pack.payment_method === PAYMENT_METHOD.coins;
  const money = user ? balances(pack, user, cost) : null;

  const buy = async () => {
    if (busy.current) return;
    busy.current = true;
    setBuying(true);
    try {
      // The buy must follow a check of the same pack and count (design decision 1).
      const outcome = await withLoading(async (): Promise<BuyOutcome> => {
        const check = await checkPackPurchase(pack.id, count);
        if (check.kind !== 'ok') return check;
        const bought = await buyPacks(pack.id, count);
        if (bought.kind === 'ok') await refreshAfterPurchase(queryClient);
        return bought;
      });
      if (outcome.kind === 'ok') {
        navigate('/gacha-animation', { state: revealArrival(outcome.packHistoryId) });
      } else if (outcome.kind === 'login') {
        navigate(`/login?${new URLSearchParams({ packId: String(pack.id) }).toString()}`);
      } else {
        navigate(packDetailPath(pack.id, outcome.message ?? t('gacha.purchase.failed')));
      }
    } finally {
      busy.current = false;
      setBuying(false);
    }
  };

  return (
    <section className="buy-confirm" data-testid="buy-confirm">
      <div className="buy-confirm__pack">
        {pack.image[0] && <img src={pack.image[0]} alt="" className="buy-confirm__image" />}
        <div>
          <p className="buy-confirm__label">{t('gacha.confirmBuy.pack')}</p>
          <p className="buy-confirm__name" data-testid="confirm-pack-name" lang={langOf(pack.name)}>
            {pack.name}
          </p>
          <p className="buy-confirm__unit">
            {t('gacha.purchase.unitPrice', { price: formatPackPrice(packUnitPrice(pack), pack.payment_method) })}
          </p>
        </div>
      </div>
      <dl className="purchase-sheet">
        <div>
          <dt>{t('gacha.purchase.count')}</dt>
          <dd>{t('gacha.purchase.countValue', { count, formatted: formatNumber(count) })}</dd>
        </div>
        <div className="purchase-sheet__cost">
          <dt>{coins ? t('gacha.purchase.costCoins') : t('gacha.purchase.costPoints')}</dt>
          <dd data-testid="confirm-cost">{formatPackPrice(cost, pack.payment_method)}</dd>
        </div>
        <div>
          <dt>{coins ? t('gacha.purchase.heldCoins') : t('gacha.purchase.heldPoints')}</dt>
          <dd data-testid="confirm-held">{money?.held ?? '-'}</dd>
        </div>
        <div className={money?.short ? 'purchase-sheet__after is-short' : 'purchase-sheet__after'}>
          <dt>{t('gacha.purchase.after')}</dt>
          <dd data-testid="confirm-after">{money?.after ?? '-'}</dd>
        </div>
      </dl>
      {money?.short && (
        <p className="field-error" role="alert">
          {coins ? t('gacha.purchase.coinsShort') : t('gacha.confirmBuy.pointsShort')}
        </p>
      )}
      {coins && <p className="coin-note">{t('gacha.purchase.coinNote')}</p>}
      <p className="buy-confirm__question">{t('gacha.confirmBuy.question')}</p>
      <div className="buy-confirm__actions">
        <Link to={packDetailPath(pack.id)} className="btn btn--outline" data-testid="confirm-no">
          {t('gacha.purchase.no')}
        </Link>
        <button
          type="button"
          className="btn btn--spin"
          data-testid="confirm-yes"
          disabled={buying}
          onClick={() => void buy()}
        >
          {t('gacha.purchase.buyConfirm', { count, formatted: formatNumber(count), cost: formatPackPrice(cost, pack.payment_method) })}
        </button>
      </div>
    </section>
  );
}

/**
 * /confirm-buy-product?packId=&buyCount= (spec section 2): the pack, the points to spend, the
 * points held and the balance after. Yes buys (check, then buy); No or back returns to the pack;
 * a refused purchase returns to it with the message (errorMessageCount).
 */
export function ConfirmBuyProductScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const packId = parsePurchaseRef(params.get('packId'));
  const countText = params.get('buyCount') ?? '';
  const count = /^[1-9]\d{0,3}$/.test(countText) && Number(countText) <= MAX_PURCHASE_COUNT ? Number(countText) : undefined;
  const pack = usePackDetail(packId);

  useEffect(() => {
    if (packId === undefined) navigate('/', { replace: true });
    else if (count === undefined) navigate(packDetailPath(packId), { replace: true });
  }, [packId, count, navigate]);

  let content;
  if (pack.isError) content = <QueryFailure onRetry={() => void pack.refetch()} />;
  else if (!pack.data || count === undefined) content = <PageSpinner />;
  else content = <ConfirmView pack={pack.data} count={count} />;

  return (
    <PageFrame title={t('gacha.confirmBuy.title')} lead={t('gacha.confirmBuy.lead')} narrow>
      {content}
    </PageFrame>
  );
}
