import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { useTranslation } from '@/lib/use-translation.ts';
import { saveCardDraft } from '../card-draft.ts';
import { EMPTY_CARD, type CardValues } from '../card-values.ts';
import { CardFields } from '../components/card-fields.tsx';
import { CourseList } from '../components/course-list.tsx';
import { LegalLinks } from '../components/legal-links.tsx';
import { parseId } from '../payment-paths.ts';
import { pageFrom } from './buy-point-screen.tsx';
import '../payments.css';

function hasInput(card: CardValues): boolean {
  return card.number.some(Boolean) || Boolean(card.month || card.year || card.cvc || card.name);
}

/**
 * /card-input (spec section 2): the card form (number in four boxes of 4, month, 4-digit year,
 * 3-digit security code, holder), the point courses (buy → /confirm-buy-point) and the three
 * notices. The card is not submitted here: choosing a course carries it, in memory only, to the
 * payment form, where it is tokenized at the provider.
 */
export function CardInputScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const packId = parseId(params.get('packId'));

  const change = (next: CardValues) => {
    setCard(next);
    if (hasInput(next)) saveCardDraft({ ...next, year: next.year.length === 4 ? next.year.slice(2) : next.year });
  };

  return (
    <PageFrame title={t('payments.cardInput.title')} lead={t('payments.cardInput.lead')} narrow>
      <section className="pay-panel" aria-labelledby="card-input-title">
        <h2 id="card-input-title" className="pay-section__title">
          {t('payments.cardInput.cardTitle')}
        </h2>
        <CardFields value={card} onChange={change} errors={{}} variant="cardInput" />
        <p className="pay-note">{t('payments.cardInput.notSent')}</p>
      </section>
      <section className="pay-panel pay-panel--plain" aria-labelledby="card-input-courses">
        <h2 id="card-input-courses" className="pay-section__title">
          {t('payments.cardInput.coursesTitle')}
        </h2>
        <CourseList
          page={pageFrom(params)}
          onPage={(page) => setParams(page > 1 ? { page: String(page) } : {})}
          packId={packId}
        />
      </section>
      <LegalLinks />
    </PageFrame>
  );
}
