import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { useTranslation } from '@/lib/use-translation.ts';

interface InfoScreenFrameProps {
  title: string;
  lead: string;
  children?: ReactNode;
  /** What follows the links (the leave block of the bank screen). */
  after?: ReactNode;
}

/**
 * The frame of a payment-information screen (bank transfer, convenience store, remittance):
 * the narrow page, its content, and the ways on — the point history and the top page.
 */
export function InfoScreenFrame({ title, lead, children, after }: InfoScreenFrameProps) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title} lead={lead} narrow>
      {children}
      <div className="button-row">
        <Link to="/buy-point-history" className="btn btn--outline">
          {t('payments.result.toHistory')}
        </Link>
        <Link to="/" className="btn btn--outline">
          {t('common.backToTop')}
        </Link>
      </div>
      {after}
    </PageFrame>
  );
}
