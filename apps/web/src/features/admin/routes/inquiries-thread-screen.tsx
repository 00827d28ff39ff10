import * as api from '@oripa/contract/api-paths';
import { INQUIRY_REPLY_STATUSES, INQUIRY_STATUS, INQUIRY_STATUSES, type AdminInquiryThreadResponse, type InquiryMessage, type InquiryReplyStatus } from '@oripa/contract/inquiries';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { adminGetOk, adminSend, allErrors, type AdminResult } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe } from '../api/admin-queries.ts';
import { DetailsList } from '../components/details-list.tsx';
import { QueryView } from '../components/query-view.tsx';
import { formatJstTime } from '../format-time.ts';
import { INQUIRIES_KEY } from './inquiries-screen.tsx';

const threadKey = (id: number) => [...ADMIN_KEY, 'inquiry', id] as const;

/**
 * One inquiry (decision 052): the member (with a link to their page), the thread with internal
 * notes, and for owner and support an answer or note, the status and the assignee. Times in JST.
 */
export function InquiryScreen() {
  const t = useAdminT();
  const id = Number(useParams().id);
  const thread = useQuery({ queryKey: threadKey(id), queryFn: () => adminGetOk(api.adminInquiriesById, { params: { id } }) });
  return (
    <section>
      <p>
        <Link to="/admin/inquiries">{t('inquiries.back')}</Link>
      </p>
      <QueryView query={thread}>{(data) => <Thread data={data} />}</QueryView>
    </section>
  );
}

function Thread({ data }: { data: AdminInquiryThreadResponse }) {
  const t = useAdminT();
  const me = useMe();
  const canWrite = me.data?.permissions.includes('inquiries.write') ?? false;
  const { inquiry } = data;
  return (
    <>
      <h1>
        #{inquiry.id} {inquiry.subject}
      </h1>
      <DetailsList
        testId="inquiry-facts"
        rows={[
          [
            t('inquiries.member'),
            <Link key="member" to={`/admin/members/${inquiry.member_id}`} data-testid="inquiry-member-link">
              {`${inquiry.member_name || inquiry.member_mail} (#${inquiry.member_id})`} — {t('inquiries.memberPage')}
            </Link>,
          ],
          [t('inquiries.status'), <span key="status" data-testid="inquiry-status">{t(`inquiries.statuses.${inquiry.status}`)}</span>],
          [t('inquiries.category'), t(`inquiries.categories.${inquiry.category}`)],
          [t('inquiries.assignee'), inquiry.assignee_name || t('inquiries.unassigned')],
          [t('inquiries.purchase'), inquiry.purchase_id === null ? t('inquiries.none') : `#${inquiry.purchase_id}`],
          [t('inquiries.created'), formatJstTime(inquiry.created_at)],
        ]}
      />
      <h2>{t('inquiries.thread')}</h2>
      <ol className="admin-notes" data-testid="inquiry-thread">
        {data.messages.map((m) => (
          <MessageItem key={m.id} message={m} />
        ))}
      </ol>
      {canWrite ? (
        <>
          <ReplyForm id={inquiry.id} />
          <UpdateForm data={data} />
        </>
      ) : (
        <p className="admin-muted">{t('inquiries.readOnly')}</p>
      )}
    </>
  );
}

function MessageItem({ message }: { message: InquiryMessage }) {
  const t = useAdminT();
  const who = message.author === 'member' ? t('inquiries.fromMember') : message.operator_name;
  return (
    <li data-testid="inquiry-message" className={message.internal ? 'admin-notice' : undefined}>
      <p>
        <strong>{who}</strong> {formatJstTime(message.created_at)}
        {message.internal && <> — {t('inquiries.internalNote')}</>}
      </p>
      <pre className="admin-pre">{message.body}</pre>
      {message.attachments.map((a, i) => (
        <Attachment key={a.id} id={a.id} n={i + 1} />
      ))}
    </li>
  );
}

/** An attached image, fetched when the operator asks for it. */
function Attachment({ id, n }: { id: number; n: number }) {
  const t = useAdminT();
  const [shown, setShown] = useState(false);
  const file = useQuery({ queryKey: [...ADMIN_KEY, 'inquiry-file', id], queryFn: () => adminGetOk(api.adminInquiriesFile, { params: { id } }), enabled: shown });
  if (!shown) {
    return (
      <button type="button" className="admin-button admin-button--small admin-button--quiet" onClick={() => setShown(true)}>
        {t('inquiries.showAttachment', { n })}
      </button>
    );
  }
  return file.data ? <img src={file.data.data_url} alt={t('inquiries.attachment', { n })} style={{ maxWidth: '320px', maxHeight: '320px', display: 'block' }} /> : null;
}

/** After a write: the thread's answer replaces the cached one, and the inbox is asked again. */
function useKeepThread(id: number) {
  const queryClient = useQueryClient();
  return (result: AdminResult<AdminInquiryThreadResponse>) => {
    if (result.state === STATE.ok && result.inquiry && result.messages && result.operators) {
      queryClient.setQueryData(threadKey(id), { inquiry: result.inquiry, messages: result.messages, operators: result.operators });
      void queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY });
    }
  };
}

function Notice({ errors, done }: { errors: FieldErrors | null; done: string }) {
  if (errors === null) return null;
  const messages = allErrors(errors);
  return messages.length > 0 ? (
    <p className="admin-notice admin-notice--error" role="alert">
      {messages.join(' ')}
    </p>
  ) : (
    <p className="admin-notice admin-notice--ok" role="status">
      {done}
    </p>
  );
}

function ReplyForm({ id }: { id: number }) {
  const t = useAdminT();
  const keep = useKeepThread(id);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [internal, setInternal] = useState(false);
  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    const status = String(f.get('status') ?? INQUIRY_STATUS.answered) as InquiryReplyStatus;
    const result = await adminSend(api.adminInquiriesReply, { inquiry_id: id, body: String(f.get('body') ?? ''), internal, ...(internal ? {} : { status }) });
    setErrors(result.state === STATE.ok ? {} : result.errors);
    if (result.state === STATE.ok) form.reset();
    keep(result);
  };
  return (
    <form className="admin-form" onSubmit={(e) => void send(e)} data-testid="inquiry-reply-form">
      <h2>{t('inquiries.replyHeading')}</h2>
      <fieldset className="admin-choices admin-wide">
        <legend>{t('inquiries.replyKind')}</legend>
        <label className="admin-choice">
          <input type="radio" name="kind" checked={!internal} onChange={() => setInternal(false)} /> {t('inquiries.replyPublic')}
        </label>
        <label className="admin-choice">
          <input type="radio" name="kind" checked={internal} onChange={() => setInternal(true)} data-testid="inquiry-reply-internal" /> {t('inquiries.replyInternal')}
        </label>
      </fieldset>
      <div className="admin-field admin-wide">
        <label htmlFor="inquiry-reply-body">{t('inquiries.replyBody')}</label>
        <textarea id="inquiry-reply-body" name="body" rows={6} maxLength={4000} data-testid="inquiry-reply-body" />
      </div>
      {!internal && (
        <div className="admin-field">
          <label htmlFor="inquiry-reply-status">{t('inquiries.replyStatus')}</label>
          <select id="inquiry-reply-status" name="status" defaultValue="answered">
            {INQUIRY_REPLY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`inquiries.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit" className="admin-button" data-testid="inquiry-reply-send">
        {t('inquiries.send')}
      </button>
      <Notice errors={errors} done={t('inquiries.sent')} />
    </form>
  );
}

function UpdateForm({ data }: { data: AdminInquiryThreadResponse }) {
  const t = useAdminT();
  const { inquiry } = data;
  const keep = useKeepThread(inquiry.id);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const assignee = String(f.get('assignee_id') ?? '');
    const result = await adminSend(api.adminInquiriesUpdate, {
      inquiry_id: inquiry.id,
      status: String(f.get('status') ?? inquiry.status),
      assignee_id: assignee === '' ? null : Number(assignee),
    });
    setErrors(result.state === STATE.ok ? {} : result.errors);
    keep(result);
  };
  return (
    <form className="admin-form admin-form--inline" onSubmit={(e) => void save(e)} data-testid="inquiry-update-form" key={`${inquiry.status}-${inquiry.assignee_id}`}>
      <h2 className="admin-wide">{t('inquiries.updateHeading')}</h2>
      <div className="admin-field">
        <label htmlFor="inquiry-update-status">{t('inquiries.status')}</label>
        <select id="inquiry-update-status" name="status" defaultValue={inquiry.status}>
          {INQUIRY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`inquiries.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor="inquiry-update-assignee">{t('inquiries.assignee')}</label>
        <select id="inquiry-update-assignee" name="assignee_id" defaultValue={inquiry.assignee_id ?? ''}>
          <option value="">{t('inquiries.unassigned')}</option>
          {data.operators.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="admin-button">
        {t('inquiries.save')}
      </button>
      <Notice errors={errors} done={t('inquiries.saved')} />
    </form>
  );
}
