import * as api from '@oripa/contract/api-paths';
import { LINE_RESULT } from '@oripa/contract/line';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlertDialog } from '@/components/alert-dialog.tsx';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { submit } from '../api/account-calls.ts';
import { LineMark } from './line-button.tsx';
import { LINE_ACCOUNT_KEY, LINE_START, useLineAccount } from './line-calls.ts';
import { useLineText } from './line-texts.ts';
import './line.css';

/** What the page says after the callback sent the member back here (`?line=`). */
const RESULT_TEXT = {
  [LINE_RESULT.linked]: 'linkedDone',
  [LINE_RESULT.taken]: 'taken',
  [LINE_RESULT.already]: 'already',
  [LINE_RESULT.failed]: 'failed',
  registered: 'registeredDone',
} as const;

function resultKey(result: string | null) {
  return result !== null && result in RESULT_TEXT ? RESULT_TEXT[result as keyof typeof RESULT_TEXT] : null;
}

/**
 * The member information page's LINE part (decision 057): link LINE (with the friend bonus
 * offered), or unlink it while a password remains to sign in with. Nothing shows when the shop
 * has no LINE channel.
 */
export function LineLinkSection() {
  const { t } = useTranslation();
  const lt = useLineText();
  const queryClient = useQueryClient();
  const account = useLineAccount();
  const [params, setParams] = useSearchParams();
  const result = params.get('line');
  const resultText = resultKey(result);
  const [message, setMessage] = useState<string | null>(null);
  const data = account.data;
  if (!data?.enabled) return null;

  const closeResult = () => {
    const next = new URLSearchParams(params);
    next.delete('line');
    setParams(next, { replace: true });
  };

  const unlink = async () => {
    const r = await withLoading(() => submit(api.lineUnlink, undefined));
    await queryClient.invalidateQueries({ queryKey: LINE_ACCOUNT_KEY });
    setMessage(r.ok ? lt('unlinkedDone') : (r.errors.request?.[0] ?? t('accounts.common.networkError')));
  };

  return (
    <section className="surface-card account-card line-link" aria-labelledby="line-link-title" data-testid="line-link">
      <h2 id="line-link-title" className="account-card__title">
        {lt('title')}
      </h2>
      {data.linked ? (
        <>
          <p className="line-link__status" data-testid="line-linked">
            {lt('linkedAs', { name: data.display_name || 'LINE' })}
          </p>
          {data.can_unlink ? (
            <button type="button" className="btn btn--outline btn--block" onClick={() => void unlink()} data-testid="line-unlink">
              {lt('unlink')}
            </button>
          ) : (
            <p className="muted" data-testid="line-unlink-needs-password">
              {lt('unlinkNeedsPassword')}
            </p>
          )}
        </>
      ) : (
        <>
          <p className="line-link__status">{lt('notLinked')}</p>
          {data.friend_bonus > 0 && <p className="muted">{lt('bonusOffer', { points: data.friend_bonus.toLocaleString() })}</p>}
          <a className="line-button" href={LINE_START.link} data-testid="line-link-button">
            <LineMark />
            <span className="line-button__label">{lt('link')}</span>
          </a>
        </>
      )}
      <AlertDialog
        message={message ?? (resultText ? lt(resultText) : null)}
        title={t('accounts.common.notice')}
        onClose={() => {
          if (message) setMessage(null);
          else {
            closeResult();
            void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
          }
        }}
        testId="line-result"
      />
    </section>
  );
}
