import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { ExternalIcon } from './icons.tsx';
import './final-terms.css';

export interface FinalTermsRow {
  label: string;
  value: ReactNode;
  testId: string;
}

interface FinalTermsProps {
  /** What is bought, its price and how it is paid (特定商取引法 12-6: quantity, price, payment). */
  rows: FinalTermsRow[];
  /** Timing, cancellation and expiry sentences, in the order the member should read them. */
  notes: { text: string; testId: string }[];
  testId: string;
}

/**
 * The final confirmation block next to a pay button (特定商取引法 Art. 12-6, in force since
 * 2022-06): the member sees quantity, price with tax, payment method and timing, delivery
 * timing and the no-cancellation rule before pressing it. The term links open in a new tab so
 * the confirmation (and a filled-in payment form) stays where it is.
 */
export function FinalTerms({ rows, notes, testId }: FinalTermsProps) {
  const { t } = useTranslation();
  return (
    <section className="final-terms" aria-label={t('finalTerms.label')} data-testid={testId}>
      <h3 className="final-terms__title">{t('finalTerms.title')}</h3>
      <dl className="final-terms__rows">
        {rows.map((row) => (
          <div key={row.testId}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <ul className="final-terms__notes">
        {notes.map((note) => (
          <li key={note.testId} data-testid={note.testId}>
            {note.text}
          </li>
        ))}
      </ul>
      <p className="final-terms__links">
        <TermsLink href="/point-terms-of-service" label={t('finalTerms.pointTerms')} testId="final-terms-point-link" />
        <TermsLink href="/terms-of-service" label={t('finalTerms.terms')} testId="final-terms-terms-link" />
      </p>
    </section>
  );
}

function TermsLink({ href, label, testId }: { href: string; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener" className="text-link" data-testid={testId}>
      {label}
      <ExternalIcon className="external-icon" />
      <span className="visually-hidden">{t('common.opensNewTab')}</span>
    </a>
  );
}
