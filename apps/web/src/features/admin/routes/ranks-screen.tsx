import * as api from '@oripa/contract/api-paths';
import type { AdminRank } from '@oripa/contract/admin-shop-settings';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { formatCoins } from '@/lib/format.ts';
import { useAdminT, type AdminT } from '../admin-texts.ts';
import { useRanks, useSettingsWrite } from '../api/shop-settings-queries.ts';
import { editColumn } from '../components/edit-column.tsx';
import { Field } from '../components/field.tsx';
import { SettingsFormEnd } from '../components/settings-form-end.tsx';
import { MediaPreview, MediaUploadInput } from '../components/media-upload-input.tsx';
import { QueryView } from '../components/query-view.tsx';
import { formPayload } from '../components/settings-form.ts';
import { SettingsTable } from '../components/settings-table.tsx';
import './shop-settings.css';

const column = createColumnHelper<AdminRank>();

/** Ranks: names (ja/en), monthly threshold, coin-back rate, coins to keep, icon. Codes and order stay. */
export function RanksScreen() {
  const t = useAdminT();
  const ranks = useRanks();
  const { errors, busy, write, setErrors } = useSettingsWrite('ranks');
  const [editing, setEditing] = useState<AdminRank>();
  const [icon, setIcon] = useState('');
  const [saved, setSaved] = useState(false);

  const open = useCallback(
    (rank: AdminRank) => {
      setEditing(rank);
      setIcon(rank.icon);
      setErrors({});
      setSaved(false);
    },
    [setErrors],
  );
  const columns = useMemo(() => rankColumns(t, busy, open), [t, busy, open]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!editing) return;
    const result = await write(api.adminRanksUpdate, { ...formPayload(event.currentTarget), rank_id: editing.id });
    if (result?.rank) open(result.rank);
    setSaved(Boolean(result));
  };

  return (
    <section className="settings">
      <h1>{t('shop.ranks.heading')}</h1>
      <p className="admin-muted">{t('shop.ranks.lead')}</p>
      <QueryView query={ranks}>{(rows) => <SettingsTable rows={rows} columns={columns} text={rankText} empty="—" testId="ranks-table" />}</QueryView>

      {editing && (
        <form key={editing.id} className="admin-form settings-form" onSubmit={(e) => void submit(e)} data-testid="rank-form">
          <h2>{t('shop.common.editing', { id: `${editing.id} ${editing.code}` })}</h2>
          <Field label={t('shop.ranks.name')} name="name" defaultValue={editing.name} errors={errors.name} />
          <Field label={t('shop.ranks.nameEn')} name="name_en" defaultValue={editing.name_en} errors={errors.name_en} />
          <Field label={t('shop.ranks.threshold')} name="threshold_price" inputMode="numeric" defaultValue={editing.threshold_price} errors={errors.threshold_price} />
          <Field label={t('shop.ranks.coinBack')} name="coin_back_rate" inputMode="decimal" defaultValue={editing.coin_back_rate} errors={errors.coin_back_rate} />
          <Field label={t('shop.ranks.maintain')} name="maintain_coin" inputMode="decimal" defaultValue={editing.maintain_coin} errors={errors.maintain_coin} />
          <MediaUploadInput name="icon" use="rank" label={t('shop.ranks.icon')} value={icon} onChange={setIcon} accept="image/png,image/jpeg,image/webp,image/gif" errors={errors.icon} />
          <SettingsFormEnd rowError={errors.rank_id} busy={busy} editing saved={saved} />
        </form>
      )}
    </section>
  );
}

const rankText = (r: AdminRank) => `${r.code} ${r.name} ${r.name_en}`;

function rankColumns(t: AdminT, busy: boolean, edit: (r: AdminRank) => void) {
  return [
    column.accessor('sort', { header: () => t('shop.common.sort') }),
    column.accessor('icon', { header: () => t('shop.ranks.icon'), enableSorting: false, cell: (c) => <MediaPreview url={c.getValue()} alt={c.row.original.name} /> }),
    column.accessor('code', { header: () => t('shop.ranks.code') }),
    column.accessor('name', { header: () => t('shop.ranks.name') }),
    column.accessor('name_en', { header: () => t('shop.ranks.nameEn') }),
    column.accessor('threshold_price', { header: () => t('shop.ranks.thresholdShort'), cell: (c) => `¥${c.getValue().toLocaleString('ja-JP')}` }),
    column.accessor((r) => Number(r.coin_back_rate), { id: 'coin_back_rate', header: () => t('shop.ranks.coinBackShort'), cell: (c) => `${c.row.original.coin_back_rate}%` }),
    column.accessor((r) => Number(r.maintain_coin), { id: 'maintain_coin', header: () => t('shop.ranks.maintain'), cell: (c) => formatCoins(c.row.original.maintain_coin) }),
    editColumn(t, busy, edit),
  ];
}
