import { INQUIRY_CATEGORIES, type InquiryListResponse } from '@oripa/contract/inquiries';
import { useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { formatShopDateTime } from '@/lib/dates.ts';
import { useFormState } from '@/lib/form-state.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { AttachmentInput } from './attachment-input.tsx';
import { useInquiryCalls, useInquiryList } from './inquiry-calls.ts';
import './inquiries.css';
import './inquiry-texts.ts';

/**
 * /inquiry (decision 052): a new inquiry (category, subject, text, optionally one of the member's
 * purchases and up to three images) when the on-site form is on, and the member's inquiries.
 */
export function InquiryScreen() {
  const { t } = useTranslation();
  const list = useInquiryList();
  return (
    <PageFrame title={t('inquiries.title')} lead={t('inquiries.lead')} narrow>
      {list.isError && <QueryFailure onRetry={() => void list.refetch()} />}
      {list.data &&
        (list.data.enabled ? (
          <NewInquiryForm purchases={list.data.purchases} />
        ) : (
          <p className="notice-box" data-testid="inquiry-disabled">
            {t('inquiries.disabled')}
          </p>
        ))}
      {list.data && <InquiryHistory inquiries={list.data.inquiries} />}
      <div className="button-row inquiry-back">
        <Link to="/my-page" className="btn btn--outline">
          {t('accounts.common.backToMyPage')}
        </Link>
      </div>
    </PageFrame>
  );
}

type TextChange = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

function NewInquiryForm({ purchases }: { purchases: InquiryListResponse['purchases'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { create } = useInquiryCalls();
  const f = useFormState({ category: '', subject: '', body: '', purchase_id: '' });
  const [files, setFiles] = useState<File[]>([]);
  const bind = (name: 'category' | 'subject' | 'body' | 'purchase_id') => ({
    id: `inquiry-${name}`,
    name,
    value: f.values[name],
    'aria-invalid': f.errorOf(name) ? true : undefined,
    'aria-describedby': f.errorOf(name) ? `inquiry-${name}-error` : undefined,
    onChange: (event: TextChange) => {
      f.change({ [name]: event.target.value });
      f.clear(name);
    },
  });
  const onSubmit = async () => {
    const { category, subject, body, purchase_id } = f.values;
    const result = await create({ category, subject, body, purchase_id: purchase_id === '' ? null : Number(purchase_id) }, files);
    if (f.settle(result) && result.inquiry) void navigate(`/inquiry/${result.inquiry.id}`);
  };
  const error = (name: string) => {
    const message = f.errorOf(name);
    return message ? (
      <p id={`inquiry-${name}-error`} className="field-error">
        {message}
      </p>
    ) : null;
  };
  return (
    <form {...f.formProps(onSubmit)} className="surface-card inquiry-form" data-testid="inquiry-form" aria-labelledby="inquiry-new-title">
      <h2 id="inquiry-new-title" className="inquiry-form__title">
        {t('inquiries.newTitle')}
      </h2>
      <div className="inquiry-field">
        <label htmlFor="inquiry-category" className="inquiry-field__label">
          {t('inquiries.category')}
        </label>
        <select {...bind('category')} className="select" data-testid="inquiry-category">
          <option value="">{t('inquiries.categoryChoose')}</option>
          {INQUIRY_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`inquiries.categories.${c}`)}
            </option>
          ))}
        </select>
        {error('category')}
      </div>
      <div className="inquiry-field">
        <label htmlFor="inquiry-subject" className="inquiry-field__label">
          {t('inquiries.subject')}
        </label>
        <input {...bind('subject')} className="input-box" maxLength={100} data-testid="inquiry-subject" />
        {error('subject')}
      </div>
      <div className="inquiry-field">
        <label htmlFor="inquiry-body" className="inquiry-field__label">
          {t('inquiries.body')}
        </label>
        <textarea {...bind('body')} className="input-box inquiry-field__text" rows={6} maxLength={4000} data-testid="inquiry-body" />
        {error('body')}
      </div>
      {purchases.length > 0 && (
        <div className="inquiry-field">
          <label htmlFor="inquiry-purchase_id" className="inquiry-field__label">
            {t('inquiries.purchase')}
          </label>
          <select {...bind('purchase_id')} className="select" data-testid="inquiry-purchase">
            <option value="">{t('inquiries.purchaseNone')}</option>
            {purchases.map((p) => (
              <option key={p.id} value={p.id}>
                {t('inquiries.purchaseOption', { name: p.pack_name, at: formatShopDateTime(p.created_at, currentLang()) })}
              </option>
            ))}
          </select>
          {error('purchase_id')}
        </div>
      )}
      <AttachmentInput id="inquiry-file" error={f.errorOf('file')} onChange={(next) => (setFiles(next), f.clear('file'))} />
      <button type="submit" className="btn btn--gold btn--block" disabled={f.submitting} data-testid="inquiry-send">
        {t('inquiries.send')}
      </button>
    </form>
  );
}

function InquiryHistory({ inquiries }: { inquiries: InquiryListResponse['inquiries'] }) {
  const { t } = useTranslation();
  return (
    <section className="inquiry-history" aria-labelledby="inquiry-history-title">
      <h2 id="inquiry-history-title" className="inquiry-form__title">
        {t('inquiries.historyTitle')}
      </h2>
      {inquiries.length === 0 ? (
        <p className="empty-note">{t('inquiries.historyEmpty')}</p>
      ) : (
        <ul className="inquiry-list" data-testid="inquiry-list">
          {inquiries.map((inquiry) => (
            <li key={inquiry.id}>
              <Link to={`/inquiry/${inquiry.id}`} className="surface-card inquiry-list__item">
                <span className="inquiry-list__subject">{inquiry.subject}</span>
                <span className="inquiry-list__meta">
                  <span className={`inquiry-status inquiry-status--${inquiry.status}`}>{t(`inquiries.statuses.${inquiry.status}`)}</span>
                  <span>{t(`inquiries.categories.${inquiry.category}`)}</span>
                  <span>{t('inquiries.updated', { at: formatShopDateTime(inquiry.updated_at, currentLang()) })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
