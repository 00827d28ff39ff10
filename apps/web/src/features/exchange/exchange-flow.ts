import { IS_LOGIN } from '@oripa/contract/constants';
import type { ExchangeCard } from '@oripa/contract/exchange';
import type { CurrentUser } from '@oripa/contract/user';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CURRENT_USER_KEY, fetchCurrentUser, isMember } from '@/lib/current-user.ts';
import { withLoading } from '@/lib/loading.ts';
import { checkExchange, EXCHANGE_KEY, exchangeCard } from './api/exchange-calls.ts';

export type ExchangeDialog =
  | { kind: 'confirm'; card: ExchangeCard; balance: string; balanceAfter: string }
  | { kind: 'success'; card: ExchangeCard }
  /** The check refused: '交換上限を超えています' when `limit` (result '-3'), else 'コイン不足'. */
  | { kind: 'refused'; limit: boolean; message: string | undefined }
  /** The exchange itself refused (an alert with errors.count). */
  | { kind: 'failed'; message: string | undefined }
  | null;

/**
 * The exchange journey of spec section 4: press exchange → a visitor goes to /login; a member's
 * balances are refreshed, then the check → confirm → exchange → the member refreshed, the
 * success dialog with the card, and the list reloaded on the same page.
 */
export function useExchangeFlow() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<ExchangeDialog>(null);
  const [busy, setBusy] = useState(false);
  // A ref, not the state: two clicks in one frame both see the state before either's update.
  const running = useRef(false);
  const begin = () => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    return true;
  };
  const end = () => {
    running.current = false;
    setBusy(false);
  };

  const toLogin = () => void navigate('/login');

  /** GET /user/point into the cache the header reads (kept as it was when the call fails). */
  const refreshUser = async () => {
    const user = await fetchCurrentUser();
    if (user) queryClient.setQueryData(CURRENT_USER_KEY, user);
    return user;
  };

  const start = async (card: ExchangeCard) => {
    if (running.current) return;
    if (!isMember(queryClient.getQueryData<CurrentUser>(CURRENT_USER_KEY))) {
      toLogin();
      return;
    }
    if (!begin()) return;
    try {
      const outcome = await withLoading(async () => {
        // The member as the server knows them now (another tab may have logged out or spent).
        const user = await refreshUser();
        if (user?.is_login === IS_LOGIN.visitor) return { kind: 'login' as const };
        return checkExchange(card.id);
      });
      if (outcome.kind === 'login') toLogin();
      else if (outcome.kind === 'ok')
        setDialog({
          kind: 'confirm',
          card: outcome.card ?? card,
          balance: outcome.balance,
          balanceAfter: outcome.balanceAfter,
        });
      else setDialog({ kind: 'refused', limit: outcome.kind === 'limit', message: outcome.message });
    } finally {
      end();
    }
  };

  const confirm = async () => {
    if (dialog?.kind !== 'confirm' || !begin()) return;
    const { card } = dialog;
    try {
      const outcome = await withLoading(async () => {
        const result = await exchangeCard(card.id);
        // Balances and stock changed (or may have: a refusal can mean the stock ran out).
        await Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: EXCHANGE_KEY })]);
        return result;
      });
      if (outcome.kind === 'ok') setDialog({ kind: 'success', card: outcome.card ?? card });
      else if (outcome.kind === 'login') {
        setDialog(null);
        toLogin();
      } else setDialog({ kind: 'failed', message: outcome.message });
    } finally {
      end();
    }
  };

  return {
    dialog,
    busy,
    start: (card: ExchangeCard) => void start(card),
    confirm: () => void confirm(),
    close: () => setDialog(null),
  };
}
