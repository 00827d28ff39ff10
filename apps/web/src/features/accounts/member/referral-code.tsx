import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';

type CopyState = 'idle' | 'copied' | 'failed';

/** How long the 'copied' confirmation stays. */
const COPIED_MS = 2500;

/** The member's referral code with a copy button (spec section 2, /change-member). */
export function ReferralCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<CopyState>('idle');
  const codeRef = useRef<HTMLElement>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    window.clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(code);
      setState('copied');
      timer.current = window.setTimeout(() => setState('idle'), COPIED_MS);
    } catch {
      // Without clipboard access (an older browser, a refused permission) the code is selected
      // so the member can copy it by hand.
      const node = codeRef.current;
      const selection = window.getSelection();
      if (node && selection) {
        const range = document.createRange();
        range.selectNodeContents(node);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setState('failed');
    }
  };

  return (
    <section className="form-group referral-box" aria-labelledby="referral-title">
      <h2 id="referral-title" className="form-group__title">
        {t('accounts.fields.referralCode')}
      </h2>
      <p className="form-field__hint">{t('accounts.changeMember.referralLead')}</p>
      <div className="referral-box__row">
        <code ref={codeRef} className="referral-box__code" data-testid="referral-code">
          {code}
        </code>
        <button
          type="button"
          className="btn btn--outline btn--small"
          onClick={() => void copy()}
          data-testid="referral-copy"
        >
          {t('accounts.changeMember.copy')}
        </button>
      </div>
      <p className="form-field__note" aria-live="polite" data-testid="referral-copy-status">
        {state === 'copied' && t('accounts.changeMember.copied')}
        {state === 'failed' && t('accounts.changeMember.copyFailed')}
      </p>
    </section>
  );
}
