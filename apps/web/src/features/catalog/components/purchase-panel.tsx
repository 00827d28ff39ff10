import { PAYMENT_METHOD } from '@oripa/contract/constants';
import type { PackDetail } from '@oripa/contract/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isMember, useCurrentUser, useCurrentUserQuery } from '@/lib/current-user.ts';
import { formatNumber, formatPackPrice } from '@/lib/format.ts';
import { useHydrated } from '@/lib/hydrated.ts';
import { withLoading } from '@/lib/loading.ts';
import {
  buyPacks,
  buyPointPath,
  checkPackPurchase,
  refreshAfterPurchase,
  revealArrival,
  type PurchaseRefusal,
} from '@/lib/pack-purchase.ts';
import { maxPurchaseCount } from '../count-options.ts';
import { CountStepper } from './count-stepper.tsx';
import { ConfirmPurchaseModal, InsufficientModal, type PurchaseQuote } from './purchase-modals.tsx';
import { QuickCounts } from './quick-counts.tsx';
import './purchase.css';

interface PurchasePanelProps {
  pack: PackDetail;
  /** A count error handed back by the purchase confirmation (query errorMessageCount). */
  countError?: string | null;
}

/**
 * Count select, total and the spin button, and the purchase itself (spec section 4, "Pack
 * purchase"): visitors go to login with the pack; members get a check of the count, then the
 * confirmation modal (or the insufficient-balance modal), then the buy and the reveal.
 */
export function PurchasePanel({ pack, countError }: PurchasePanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const selectId = useId();
  const errorId = useId();
  // Remaining packs, max_buy_count, the 3000 cap and what the member may still buy of a limited pack.
  const max = maxPurchaseCount(pack);
  const [chosen, setChosen] = useState(1);
  const [quote, setQuote] = useState<PurchaseQuote | null>(null);
  const [short, setShort] = useState(false);
  const [missing, setMissing] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // The error handed back in the query stays until the member tries again.
  const [showHandedError, setShowHandedError] = useState(true);
  const [buying, setBuying] = useState(false);
  // A ref as well as the state: two clicks in the same frame both see buying === false.
  const busy = useRef(false);

  const soldOut = pack.pack_count <= 0;
  // A limited pack the member has bought to its limit: nothing more to offer.
  const limitReached = !soldOut && pack.member_remaining === 0;
  const count = Math.min(Math.max(1, chosen), Math.max(1, max));
  const disabled = soldOut || limitReached || pack.is_before;
  // Server-rendered controls are drawn disabled until the page's code runs and knows who is
  // buying: never a button that looks ready and ignores a tap (decision 032), and never a tap in
  // the moment between hydration and the member's answer that sends a signed-in member to login.
  const userPending = useCurrentUserQuery().isPending;
  const live = useHydrated() && !userPending;
  const shownError = error ?? (showHandedError ? (countError ?? null) : null);
  const loginPath = `/login?${new URLSearchParams({ packId: String(pack.id) }).toString()}`;

  const choose = (value: number) => {
    setChosen(value);
    setError(null);
    setShowHandedError(false);
  };

  const refuse = (outcome: PurchaseRefusal) => {
    if (outcome.kind === 'login') {
      navigate(loginPath);
      return;
    }
    setError(outcome.message ?? t('gacha.purchase.failed'));
    if (outcome.kind === 'insufficient') {
      // What the chosen count costs less what the header says the member holds.
      const held = user && isMember(user) ? user.point : 0;
      setMissing(Math.max(0, pack.point * count - held));
      setShort(true);
    }
  };

  const spin = async () => {
    if (disabled || !live || busy.current) return;
    if (!isMember(user)) {
      navigate(loginPath);
      return;
    }
    setError(null);
    setShowHandedError(false);
    busy.current = true;
    try {
      const outcome = await withLoading(() => checkPackPurchase(pack.id, count));
      if (outcome.kind === 'ok') {
        setQuote({ count, cost: outcome.cost, balance: outcome.balance, balanceAfter: outcome.balanceAfter });
      } else {
        refuse(outcome);
      }
    } finally {
      busy.current = false;
    }
  };

  const buy = async () => {
    if (!quote || busy.current) return;
    busy.current = true;
    setBuying(true);
    try {
      const outcome = await withLoading(async () => {
        const result = await buyPacks(pack.id, quote.count);
        if (result.kind === 'ok') await refreshAfterPurchase(queryClient);
        return result;
      });
      if (outcome.kind === 'ok') {
        navigate('/gacha-animation', { state: revealArrival(outcome.packHistoryId) });
        return;
      }
      setQuote(null);
      refuse(outcome);
    } finally {
      busy.current = false;
      setBuying(false);
    }
  };

  return (
    <div className="purchase-panel">
      {!soldOut && !limitReached && (
        <QuickCounts
          max={max}
          remaining={pack.pack_count}
          chosen={count}
          disabled={disabled || !live}
          onChoose={choose}
        />
      )}
      {!soldOut && !limitReached && (
        <div className="purchase-panel__row">
          <label htmlFor={selectId} className="purchase-panel__label">
            {t('catalog.detail.countLabel')}
          </label>
          <CountStepper
            id={selectId}
            value={count}
            max={max}
            disabled={disabled || !live}
            describedBy={shownError ? errorId : undefined}
            invalid={Boolean(shownError)}
            onChange={choose}
          />
        </div>
      )}
      {pack.member_remaining !== null && !soldOut && (
        <p className="purchase-panel__allowance" data-testid="member-allowance">
          {limitReached
            ? t('shopper.count.limitReached')
            : t('shopper.count.allowance', { formatted: formatNumber(pack.member_remaining) })}
        </p>
      )}
      {shownError && (
        <p id={errorId} className="field-error" role="alert" data-testid="count-error">
          {shownError}
        </p>
      )}
      {!soldOut && !limitReached && (
        <p className="purchase-panel__total">
          <span>{t('catalog.detail.total')}</span>
          <strong data-testid="total-price">
            {formatPackPrice(pack.point * count, pack.payment_method)}
          </strong>
        </p>
      )}
      <button
        type="button"
        className="btn btn--spin"
        data-testid="spin-button"
        disabled={disabled || !live}
        onClick={() => void spin()}
      >
        {soldOut ? t('catalog.soldOutMark') : t('catalog.detail.spin')}
      </button>
      {pack.is_before && !soldOut && <p className="purchase-panel__note">{t('catalog.detail.notStarted')}</p>}
      {soldOut && <p className="purchase-panel__note">{t('catalog.detail.soldOutNote')}</p>}
      {!disabled && !isMember(user) && (
        <p className="purchase-panel__note">{t('catalog.detail.loginNote')}</p>
      )}
      {pack.payment_method === PAYMENT_METHOD.coins && <p className="purchase-panel__note">{t('catalog.detail.coinNote')}</p>}

      <ConfirmPurchaseModal
        pack={pack}
        quote={quote}
        busy={buying}
        onConfirm={() => void buy()}
        onClose={() => setQuote(null)}
      />
      <InsufficientModal
        open={short}
        paymentMethod={pack.payment_method}
        missing={missing}
        coursePath={(courseId) =>
          `/confirm-buy-point?${new URLSearchParams({ pointPriceId: courseId, packId: String(pack.id) }).toString()}`
        }
        onBuyPoints={() => navigate(buyPointPath(pack.id))}
        onClose={() => setShort(false)}
      />
    </div>
  );
}
