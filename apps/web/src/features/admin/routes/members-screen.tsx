import { MEMBER_PAGE_SIZES, MEMBER_SORTS, type MemberRow } from '@oripa/contract/admin-members';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { AdminFailure } from '../api/admin-client.ts';
import { useMemberList, type MemberListParams } from '../api/admin-queries.ts';
import { Field } from '../components/field.tsx';
import { FilterButtons, PagedTable } from '../components/server-pager.tsx';
import { useServerTable } from '../components/server-table.ts';
import { formatJstTime } from '../format-time.ts';

const column = createColumnHelper<MemberRow>();
const FIRST: MemberListParams = { q: '', page: 1, per: 50, sort: 'id', dir: 'desc' };

/** The list's state lives in the address (?q=&page=…), so going back to it restores it. */
function paramsOf(search: URLSearchParams): MemberListParams {
  const number = (key: string, fallback: number) => {
    const n = Number(search.get(key));
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const sort = search.get('sort') ?? FIRST.sort;
  return {
    q: search.get('q') ?? '',
    page: number('page', FIRST.page),
    per: number('per', FIRST.per),
    sort: (MEMBER_SORTS as readonly string[]).includes(sort) ? sort : FIRST.sort,
    dir: search.get('dir') === 'asc' ? 'asc' : 'desc',
  };
}

/**
 * Every member, newest first, a page at a time; a search by id, mail, name or phone narrows the
 * list; sorting and paging run on the server, so the list stays fast at any size.
 */
export function MembersScreen() {
  const t = useAdminT();
  const [search, setSearch] = useSearchParams();
  const params = paramsOf(search);
  const list = useMemberList(params);
  const setParams = (update: (p: MemberListParams) => MemberListParams) => {
    const next = update(params);
    setSearch(Object.fromEntries(Object.entries(next).filter(([k, v]) => v !== FIRST[k as keyof MemberListParams]).map(([k, v]) => [k, String(v)])));
  };
  const columns = useMemo(
    () => [
      column.accessor('id', { header: () => t('members.id'), cell: (c) => <Link to={`/admin/members/${c.getValue()}`}>{c.getValue()}</Link> }),
      column.accessor('mail', { header: () => t('members.mail'), enableSorting: false, cell: (c) => <Link to={`/admin/members/${c.row.original.id}`}>{c.getValue()}</Link> }),
      column.accessor('name', { header: () => t('members.name'), enableSorting: false }),
      column.accessor('tel', { header: () => t('members.tel'), enableSorting: false }),
      column.accessor('point', { header: () => t('members.point') }),
      column.accessor('coin', { header: () => t('members.coin') }),
      column.accessor('suspended', {
        header: () => t('members.status'),
        enableSorting: false,
        cell: (c) => (c.getValue() ? <span className="admin-badge admin-badge--off">{t('members.suspended')}</span> : <span className="admin-badge">{t('members.active')}</span>),
      }),
      column.accessor('created_at', { header: () => t('members.registered'), cell: (c) => formatJstTime(c.getValue()) }),
    ],
    [t],
  );
  const table = useServerTable({ rows: list.data?.members ?? [], columns, total: list.data?.total ?? 0, params, setParams, sorts: MEMBER_SORTS });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams((p) => ({ ...p, q, page: 1 }));
  };
  const errors = list.error instanceof AdminFailure ? list.error.errors : {};
  return (
    <section>
      <h1>{t('members.heading')}</h1>
      <form key={params.q} className="admin-form admin-form--filters" onSubmit={submit} onReset={() => setSearch({})}>
        <Field label={t('members.search')} name="q" defaultValue={params.q} errors={errors.q} />
        <FilterButtons />
      </form>
      <PagedTable
        query={list}
        totalLabel={(count) => t('members.total', { count })}
        totalTestId="members-total"
        sizes={MEMBER_PAGE_SIZES}
        params={params}
        setParams={setParams}
        table={table}
        empty={t('members.empty')}
        testId="members-table"
      />
    </section>
  );
}
