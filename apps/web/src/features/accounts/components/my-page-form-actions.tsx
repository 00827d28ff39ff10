import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation.ts';

interface MyPageFormActionsProps {
  submitLabel: string;
  submitTestId: string;
  backTestId?: string;
}

/** The buttons of a form reached from my page: back to my page, and the form's submit button. */
export function MyPageFormActions({ submitLabel, submitTestId, backTestId }: MyPageFormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Link to="/my-page" className="btn btn--outline" data-testid={backTestId}>
        {t('accounts.common.backToMyPage')}
      </Link>
      <button type="submit" className="btn btn--gold" data-testid={submitTestId}>
        {submitLabel}
      </button>
    </div>
  );
}
