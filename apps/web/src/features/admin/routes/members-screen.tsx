import type { MemberRow } from '@oripa/contract/admin-members';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { AdminFailure } from '../api/admin-client.ts';
import { useMemberSearch } from '../api/admin-queries.ts';
import { useClientTable } from '../components/client-table.ts';
import { DataTable } from '../components/data-table.tsx';
import { Field } from '../components/field.tsx';
import { SearchResults } from '../components/query-view.tsx';
import { formatJstTime } from '../format-time.ts';

const column = createColumnHelper<MemberRow>();

/** Member search by id, mail, name or phone; the query stays in the address (?q=) for going back. */
export function MembersScreen() {
  const t = useAdminT();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const search = useMemberSearch(q);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setParams({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  };
  const errors = search.error instanceof AdminFailure ? search.error.errors : {};
  return (
    <section>
      <h1>{t('members.heading')}</h1>
      <form className="admin-form admin-form--filters" onSubmit={submit}>
        <Field label={t('members.search')} name="q" defaultValue={q} errors={errors.q} />
        <button type="submit" className="admin-button">
          {t('search')}
        </button>
      </form>
      {q !== '' && (
        <SearchResults query={search} cut={t('members.more')}>
          {(result) => <MemberTable rows={result.members} />}
        </SearchResults>
      )}
    </section>
  );
}

function MemberTable({ rows }: { rows: MemberRow[] }) {
  const t = useAdminT();
  const columns = useMemo(
    () => [
      column.accessor('id', { header: () => t('members.id'), cell: (c) => <Link to={`/admin/members/${c.getValue()}`}>{c.getValue()}</Link> }),
      column.accessor('mail', { header: () => t('members.mail'), cell: (c) => <Link to={`/admin/members/${c.row.original.id}`}>{c.getValue()}</Link> }),
      column.accessor('name', { header: () => t('members.name') }),
      column.accessor('tel', { header: () => t('members.tel') }),
      column.accessor('point', { header: () => t('members.point') }),
      column.accessor((r) => Number(r.coin), { id: 'coin', header: () => t('members.coin'), cell: (c) => c.row.original.coin }),
      column.accessor('suspended', {
        header: () => t('members.status'),
        cell: (c) => (c.getValue() ? <span className="admin-badge admin-badge--off">{t('members.suspended')}</span> : <span className="admin-badge">{t('members.active')}</span>),
      }),
      column.accessor('created_at', { header: () => t('members.registered'), cell: (c) => formatJstTime(c.getValue()) }),
    ],
    [t],
  );
  const table = useClientTable(rows, columns);
  return <DataTable table={table} empty={t('members.empty')} testId="members-table" />;
}
