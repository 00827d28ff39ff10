import { INQUIRY_STATUS, type InquiryMessage, type InquiryThreadResponse } from '@oripa/contract/inquiries';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { isNotFound } from '@/lib/api-query.ts';
import { formatShopDateTime } from '@/lib/dates.ts';
import { useFormState } from '@/lib/form-state.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { AttachmentImage } from './attachment-image.tsx';
import { AttachmentInput } from './attachment-input.tsx';
import { useInquiryCalls, useInquiryThread } from './inquiry-calls.ts';
import './inquiries.css';
import './inquiry-texts.ts';

/** /inquiry/:id (decision 052): the thread of one of the member's inquiries, and a reply unless it is closed. */
export function InquiryThreadScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const thread = useInquiryThread(id);
  return (
    <PageFrame title={thread.data ? thread.data.inquiry.subject : t('inquiries.threadTitle', { id })} narrow>
      {thread.isError && (isNotFound(thread.error) ? <p className="notice-box">{t('inquiries.notFound')}</p> : <QueryFailure onRetry={() => void thread.refetch()} />)}
      {thread.data && <Thread data={thread.data} />}
      <div className="button-row inquiry-back">
        <Link to="/inquiry" className="btn btn--outline">
          {t('inquiries.back')}
        </Link>
      </div>
    </PageFrame>
  );
}

function Thread({ data }: { data: InquiryThreadResponse }) {
  const { t } = useTranslation();
  const { inquiry } = data;
  return (
    <>
      <p className="inquiry-list__meta" data-testid="inquiry-thread-status">
        <span className={`inquiry-status inquiry-status--${inquiry.status}`}>{t(`inquiries.statuses.${inquiry.status}`)}</span>
        <span>{t(`inquiries.categories.${inquiry.category}`)}</span>
      </p>
      <ol className="inquiry-thread" data-testid="inquiry-thread">
        {data.messages.map((m) => (
          <MessageItem key={m.id} message={m} />
        ))}
      </ol>
      {inquiry.status === INQUIRY_STATUS.closed ? <p className="notice-box">{t('inquiries.closedNote')}</p> : <ReplyForm inquiryId={inquiry.id} />}
    </>
  );
}

function MessageItem({ message }: { message: InquiryMessage }) {
  const { t } = useTranslation();
  const fromShop = message.author === 'operator';
  return (
    <li className={fromShop ? 'inquiry-message inquiry-message--shop' : 'inquiry-message'} data-testid="inquiry-message">
      <p className="inquiry-message__head">
        <strong>{fromShop ? t('inquiries.fromShop') : t('inquiries.fromMember')}</strong>{' '}
        <time dateTime={message.created_at}>{formatShopDateTime(message.created_at, currentLang())}</time>
      </p>
      <p className="inquiry-message__body">{message.body}</p>
      {message.attachments.length > 0 && (
        <p className="inquiry-message__files">
          {message.attachments.map((a, i) => (
            <AttachmentImage key={a.id} id={a.id} n={i + 1} />
          ))}
        </p>
      )}
    </li>
  );
}

function ReplyForm({ inquiryId }: { inquiryId: number }) {
  const { t } = useTranslation();
  const { reply } = useInquiryCalls();
  const f = useFormState({ body: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [formKey, setFormKey] = useState(0);
  const onSubmit = async () => {
    f.setMessage(null);
    const result = await reply(inquiryId, f.values.body, files);
    if (f.settle(result, { clearOnOk: true })) {
      f.change({ body: '' });
      setFiles([]);
      // A new file input: the chosen files are gone with the reply.
      setFormKey((k) => k + 1);
      f.setMessage(t('inquiries.replied'));
    }
  };
  const error = f.errorOf('body');
  return (
    <form {...f.formProps(onSubmit)} className="surface-card inquiry-form" data-testid="inquiry-reply-form" aria-labelledby="inquiry-reply-title">
      <h2 id="inquiry-reply-title" className="inquiry-form__title">
        {t('inquiries.reply')}
      </h2>
      <div className="inquiry-field">
        <label htmlFor="inquiry-reply-body" className="inquiry-field__label">
          {t('inquiries.body')}
        </label>
        <textarea
          id="inquiry-reply-body"
          name="body"
          className="input-box inquiry-field__text"
          rows={4}
          maxLength={4000}
          value={f.values.body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'inquiry-reply-body-error' : undefined}
          onChange={(event) => (f.change({ body: event.target.value }), f.clear('body'))}
          data-testid="inquiry-reply-body"
        />
        {error && (
          <p id="inquiry-reply-body-error" className="field-error">
            {error}
          </p>
        )}
      </div>
      <AttachmentInput key={formKey} id="inquiry-reply-file" error={f.errorOf('file')} onChange={(next) => (setFiles(next), f.clear('file'))} />
      <button type="submit" className="btn btn--gold btn--block" disabled={f.submitting} data-testid="inquiry-reply-send">
        {t('inquiries.replySend')}
      </button>
      {f.message && (
        <p role="status" className="inquiry-form__done">
          {f.message}
        </p>
      )}
    </form>
  );
}
