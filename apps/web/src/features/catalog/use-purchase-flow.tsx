import type { PackDetail } from '@oripa/contract/catalog';
import { packUnitPrice } from '@oripa/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isMember, useCurrentUser, useCurrentUserQuery } from '@/lib/current-user.ts';
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
import { useTranslation } from '@/lib/use-translation.ts';
import {
  ConfirmPurchaseModal,
  InsufficientModal,
  type PurchaseQuote,
} from './components/purchase-modals.tsx';

export interface PurchaseFlow {
  /** The member (or visitor, or null while unknown) the header shows. */
  user: ReturnType<typeof useCurrentUser>;
  /**
   * False until the page's code runs and knows who is buying: server-rendered controls are drawn
   * disabled until then (decision 032), so no button looks ready and ignores a tap, and no tap in
   * the moment between hydration and the member's answer sends a signed-in member to login.
   */
  live: boolean;
  /** The last refusal's message (count, limit, balance), null when none. */
  error: string | null;
  clearError: () => void;
  /** Visitors go to login with the pack; members get a check of `count`, then a modal. */
  start: (count: number) => Promise<void>;
  /** The confirmation and insufficient-balance modals: render them once with the controls. */
  dialogs: ReactNode;
}

/**
 * The purchase of a pack (spec section 4, "Pack purchase"), shared by the purchase panel and the
 * buy bar: check of the count, the confirmation modal (or the insufficient-balance modal), then
 * the buy and the reveal. Each caller owns its own flow; only one modal can be open at a time.
 */
export function usePurchaseFlow(pack: PackDetail, disabled: boolean): PurchaseFlow {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [quote, setQuote] = useState<PurchaseQuote | null>(null);
  const [short, setShort] = useState(false);
  const [missing, setMissing] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [buying, setBuying] = useState(false);
  // A ref as well as the state: two clicks in the same frame both see buying === false.
  const busy = useRef(false);
  const userPending = useCurrentUserQuery().isPending;
  // Told first once the page has hydrated: the spin button is what a visitor came to tap.
  const live = useHydrated('first') && !userPending;
  const loginPath = `/login?${new URLSearchParams({ packId: String(pack.id) }).toString()}`;

  const refuse = (outcome: PurchaseRefusal, count: number) => {
    if (outcome.kind === 'login') {
      navigate(loginPath);
      return;
    }
    setError(outcome.message ?? t('gacha.purchase.failed'));
    if (outcome.kind === 'insufficient') {
      // What the chosen count costs less what the header says the member holds.
      const held = user && isMember(user) ? user.point : 0;
      setMissing(Math.max(0, packUnitPrice(pack) * count - held));
      setShort(true);
    }
  };

  const start = async (count: number) => {
    if (disabled || !live || busy.current) return;
    if (!isMember(user)) {
      navigate(loginPath);
      return;
    }
    setError(null);
    busy.current = true;
    try {
      const outcome = await withLoading(() => checkPackPurchase(pack.id, count));
      if (outcome.kind === 'ok') {
        setQuote({ count, cost: outcome.cost, balance: outcome.balance, balanceAfter: outcome.balanceAfter });
      } else {
        refuse(outcome, count);
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
      refuse(outcome, quote.count);
    } finally {
      busy.current = false;
      setBuying(false);
    }
  };

  const dialogs = (
    <>
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
    </>
  );

  return { user, live, error, clearError: () => setError(null), start, dialogs };
}
