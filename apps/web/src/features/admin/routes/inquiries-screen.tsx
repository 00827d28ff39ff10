import * as api from '@oripa/contract/api-paths';
import { INQUIRY_CATEGORIES, INQUIRY_STATUS, INQUIRY_STATUSES, type AdminInquiryListResponse } from '@oripa/contract/inquiries';
import { STATE } from '@oripa/contract/states';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { adminGetOk, adminSend } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe } from '../api/admin-queries.ts';
import { QueryView } from '../components/query-view.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { formatJstTime } from '../format-time.ts';

/** Query-cache key of the inbox (the thread screen refreshes it after a change). */
export const INQUIRIES_KEY = [...ADMIN_KEY, 'inquiries'] as const;

interface InboxFilter {
  status: string;
  category: string;
  assignee: string;
  page: number;
}

/**
 * The inquiry inbox (decision 052): filters by status, category and assignee, 50 a page, latest
 * activity first; the switch that sends the site's contact links to the on-site form.
 */
export function InquiriesScreen() {
  const t = useAdminT();
  const [filter, setFilter] = useState<InboxFilter>({ status: INQUIRY_STATUS.open, category: '', assignee: '', page: 1 });
  const inbox = useQuery({
    queryKey: [...INQUIRIES_KEY, filter],
    queryFn: () => adminGetOk(api.adminInquiries, { query: { status: filter.status, category: filter.category, assignee: filter.assignee, page: String(filter.page) } }),
    // The last page stays on screen while another filter or page loads.
    placeholderData: (previous) => previous,
  });
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const value = (name: string) => String(f.get(name) ?? '');
    setFilter({ status: value('status'), category: value('category'), assignee: value('assignee'), page: 1 });
  };
  return (
    <section>
      <h1>{t('inquiries.heading')}</h1>
      <p className="admin-muted">{t('inquiries.lead')}</p>
      <form className="admin-form admin-form--filters" onSubmit={apply} data-testid="inquiry-filters">
        <div className="admin-field">
          <label htmlFor="inquiry-filter-status">{t('inquiries.status')}</label>
          <select id="inquiry-filter-status" name="status" defaultValue={filter.status}>
            <option value="">{t('inquiries.any')}</option>
            {INQUIRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`inquiries.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="inquiry-filter-category">{t('inquiries.category')}</label>
          <select id="inquiry-filter-category" name="category" defaultValue={filter.category}>
            <option value="">{t('inquiries.any')}</option>
            {INQUIRY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`inquiries.categories.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="inquiry-filter-assignee">{t('inquiries.assignee')}</label>
          <select id="inquiry-filter-assignee" name="assignee" defaultValue={filter.assignee}>
            <option value="">{t('inquiries.any')}</option>
            <option value="me">{t('inquiries.me')}</option>
            <option value="none">{t('inquiries.unassigned')}</option>
            {inbox.data?.operators.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button">
          {t('inquiries.search')}
        </button>
      </form>
      <QueryView query={inbox} fieldErrors>
        {(data) => (
          <>
            <InboxTable data={data} />
            <InboxPager data={data} onPage={(page) => setFilter((f) => ({ ...f, page }))} />
            <FormSwitch enabled={data.enabled} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function InboxTable({ data }: { data: AdminInquiryListResponse }) {
  const t = useAdminT();
  if (data.inquiries.length === 0) return <p className="admin-muted">{t('inquiries.empty')}</p>;
  return (
    <TableScroll label={t('inquiries.heading')}>
      <table className="admin-table" data-testid="inquiry-inbox">
        <thead>
          <tr>
            <th scope="col">{t('inquiries.id')}</th>
            <th scope="col">{t('inquiries.subject')}</th>
            <th scope="col">{t('inquiries.status')}</th>
            <th scope="col">{t('inquiries.category')}</th>
            <th scope="col">{t('inquiries.member')}</th>
            <th scope="col">{t('inquiries.assignee')}</th>
            <th scope="col">{t('inquiries.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {data.inquiries.map((row) => (
            <tr key={row.id}>
              <td>{row.id}</td>
              <td>
                <Link to={`/admin/inquiries/${row.id}`}>{row.subject}</Link>
              </td>
              <td>{t(`inquiries.statuses.${row.status}`)}</td>
              <td>{t(`inquiries.categories.${row.category}`)}</td>
              <td>
                <Link to={`/admin/members/${row.member_id}`}>{`${row.member_name || row.member_mail} (#${row.member_id})`}</Link>
              </td>
              <td>{row.assignee_name || t('inquiries.unassigned')}</td>
              <td>{formatJstTime(row.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function InboxPager({ data, onPage }: { data: AdminInquiryListResponse; onPage: (page: number) => void }) {
  const t = useAdminT();
  const { page, all_page: all } = data.pager;
  return (
    <nav className="admin-pager" aria-label={t('inquiries.heading')}>
      <span>{t('inquiries.total', { count: data.total })}</span>
      <button type="button" className="admin-button admin-button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('inquiries.previous')}
      </button>
      <span>{t('inquiries.page', { page, all })}</span>
      <button type="button" className="admin-button admin-button--small" disabled={page >= all} onClick={() => onPage(page + 1)}>
        {t('inquiries.next')}
      </button>
    </nav>
  );
}

/** Owner and support switch the site's contact links between the on-site form and the outside page. */
function FormSwitch({ enabled }: { enabled: boolean }) {
  const t = useAdminT();
  const me = useMe();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const canWrite = me.data?.permissions.includes('inquiries.write') ?? false;
  const toggle = async () => {
    const result = await adminSend(api.adminInquiriesSettings, { enabled: !enabled });
    setFailed(result.state !== STATE.ok);
    await queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY });
  };
  return (
    <section aria-labelledby="inquiry-form-heading">
      <h2 id="inquiry-form-heading">{t('inquiries.formHeading')}</h2>
      <p data-testid="inquiry-form-state">{enabled ? t('inquiries.formOn') : t('inquiries.formOff')}</p>
      {canWrite && (
        <button type="button" className="admin-button" onClick={() => void toggle()} data-testid="inquiry-form-toggle">
          {enabled ? t('inquiries.formDisable') : t('inquiries.formEnable')}
        </button>
      )}
      {failed && (
        <p className="admin-notice admin-notice--error" role="alert">
          {t('inquiries.failed')}
        </p>
      )}
    </section>
  );
}
