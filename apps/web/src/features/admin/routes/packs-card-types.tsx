import * as api from '@oripa/contract/api-paths';
import type { CardTypeAdmin } from '@oripa/contract/admin-catalog';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { adminSend } from '../api/admin-client.ts';
import { CATALOG_KEY, useCardTypes } from '../api/catalog-queries.ts';
import { useClientTable } from '../components/client-table.ts';
import { DataTable } from '../components/data-table.tsx';
import { Field } from '../components/field.tsx';
import { QueryView } from '../components/query-view.tsx';
import './packs.css';

const column = createColumnHelper<CardTypeAdmin>();

/** Card types: the list (few rows, sorted in the browser), one form to add or edit one. */
export function CardTypesScreen() {
  const t = useAdminT();
  const types = useCardTypes();
  const [editing, setEditing] = useState<CardTypeAdmin | null>(null);
  const columns = useMemo(
    () => [
      column.accessor('id', { header: () => t('catalog.id') }),
      column.accessor('name', { header: () => t('catalog.types.name') }),
      column.accessor('name_en', { header: () => t('catalog.types.nameEn') }),
      column.accessor('sort', { header: () => t('catalog.types.sort') }),
      column.accessor('packs', { header: () => t('catalog.types.packs') }),
      column.display({
        id: 'edit',
        header: () => '',
        cell: (c) => (
          <button type="button" className="admin-button admin-button--small admin-button--quiet" onClick={() => setEditing(c.row.original)}>
            {t('catalog.types.edit')}
          </button>
        ),
      }),
    ],
    [t],
  );
  const table = useClientTable(types.data ?? [], columns);
  return (
    <section>
      <p>
        <Link to="/admin/packs">{t('catalog.back')}</Link>
      </p>
      <h1>{t('catalog.types.heading')}</h1>
      <TypeForm key={editing?.id ?? 'new'} editing={editing} done={() => setEditing(null)} />
      <QueryView query={types}>{() => <DataTable table={table} empty={t('catalog.types.empty')} testId="card-types-table" />}</QueryView>
    </section>
  );
}

function TypeForm({ editing, done }: { editing: CardTypeAdmin | null; done: () => void }) {
  const t = useAdminT();
  const client = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    const res = await adminSend(api.adminCardTypesSave, {
      ...(editing ? { id: editing.id } : {}),
      name: f.get('name'),
      name_en: f.get('name_en'),
      sort: String(f.get('sort') ?? '0') || '0',
    });
    setErrors(res.errors);
    setSaved(res.state === STATE.ok);
    if (res.state !== STATE.ok) return;
    await client.invalidateQueries({ queryKey: CATALOG_KEY });
    form.reset();
    done();
  };
  return (
    <form className="admin-form admin-form--inline" onSubmit={(e) => void submit(e)}>
      <h2>{editing ? t('catalog.types.editing', { name: editing.name }) : t('catalog.types.add')}</h2>
      <Field label={t('catalog.types.name')} name="name" defaultValue={editing?.name ?? ''} errors={errors.name} required />
      <Field label={t('catalog.types.nameEn')} name="name_en" defaultValue={editing?.name_en ?? ''} errors={errors.name_en} />
      <Field label={t('catalog.types.sort')} name="sort" type="number" min={0} defaultValue={editing?.sort ?? 0} errors={errors.sort} />
      <button type="submit" className="admin-button">
        {editing ? t('save') : t('catalog.types.add')}
      </button>
      {editing && (
        <button type="button" className="admin-button admin-button--quiet" onClick={done}>
          {t('cancel')}
        </button>
      )}
      {saved && (
        <p className="admin-notice admin-notice--ok admin-wide" role="status">
          {t('catalog.types.saved')}
        </p>
      )}
    </form>
  );
}
