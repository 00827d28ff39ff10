import * as api from '@oripa/contract/api-paths';
import type { AdminExchangeCard } from '@oripa/contract/admin-shop-settings';
import { RARITY_LABELS, RARITY_MAX, RARITY_MIN } from '@oripa/contract/constants';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { formatCoins } from '@/lib/format.ts';
import { useAdminT, type AdminT } from '../admin-texts.ts';
import { useExchangeCards, useSettingsWrite } from '../api/shop-settings-queries.ts';
import { editColumn } from '../components/edit-column.tsx';
import { Field } from '../components/field.tsx';
import { SettingsFormEnd } from '../components/settings-form-end.tsx';
import { MediaPreview, MediaUploadInput } from '../components/media-upload-input.tsx';
import { QueryView } from '../components/query-view.tsx';
import { formPayload } from '../components/settings-form.ts';
import { SettingsTable } from '../components/settings-table.tsx';
import './shop-settings.css';

const column = createColumnHelper<AdminExchangeCard>();
const RARITIES = Array.from({ length: RARITY_MAX - RARITY_MIN + 1 }, (_, i) => RARITY_MIN + i);

/**
 * Exchange cards: list, create, edit, and stock changed by a relative amount through the
 * exchange service (so exchanges made while the operator looks are never given back).
 */
export function ExchangeCardsScreen() {
  const t = useAdminT();
  const cards = useExchangeCards();
  const { errors, busy, write, setErrors } = useSettingsWrite('exchange-cards');
  const [editing, setEditing] = useState<AdminExchangeCard | 'new'>('new');
  const [image, setImage] = useState('');
  const [saved, setSaved] = useState(false);

  const open = useCallback(
    (card: AdminExchangeCard | 'new') => {
      setEditing(card);
      setImage(card === 'new' ? '' : card.image);
      setErrors({});
      setSaved(false);
    },
    [setErrors],
  );
  const adjust = useCallback(
    async (card: AdminExchangeCard, input: HTMLInputElement) => {
      const change = Number(input.value);
      if (await write(api.adminExchangeCardsStock, { card_id: card.id, change: Number.isFinite(change) ? change : input.value })) input.value = '';
    },
    [write],
  );
  const columns = useMemo(() => cardColumns(t, busy, open, adjust, errors.change?.[0]), [t, busy, open, adjust, errors.change]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = formPayload(event.currentTarget, ['published']);
    const result = await write(
      editing === 'new' ? api.adminExchangeCardsCreate : api.adminExchangeCardsUpdate,
      editing === 'new' ? payload : { ...payload, card_id: editing.id },
    );
    if (result?.card) open(result.card);
    setSaved(Boolean(result));
  };

  const current = editing === 'new' ? undefined : editing;
  return (
    <section className="settings">
      <h1>{t('shop.exchange.heading')}</h1>
      <p className="admin-muted">{t('shop.exchange.lead')}</p>
      {errors.change && (
        <p className="admin-notice admin-notice--error" role="alert">
          {errors.change[0]}
        </p>
      )}
      <QueryView query={cards}>
        {(rows) => <SettingsTable rows={rows} columns={columns} text={cardText} empty={t('shop.exchange.empty')} testId="exchange-cards-table" />}
      </QueryView>

      <form key={current?.id ?? 'new'} className="admin-form settings-form" onSubmit={(e) => void submit(e)} data-testid="exchange-card-form">
        <h2>{current ? t('shop.common.editing', { id: current.id }) : t('shop.common.creating')}</h2>
        <Field label={t('shop.exchange.name')} name="name" defaultValue={current?.name ?? ''} errors={errors.name} />
        <Field label={t('shop.exchange.nameEn')} name="name_en" defaultValue={current?.name_en ?? ''} errors={errors.name_en} />
        <Field label={t('shop.exchange.cardName')} name="card_name" defaultValue={current?.card_name ?? ''} errors={errors.card_name} />
        <Field label={t('shop.exchange.cardNameEn')} name="card_name_en" defaultValue={current?.card_name_en ?? ''} errors={errors.card_name_en} />
        <Field label={t('shop.exchange.modelNumber')} name="model_number" defaultValue={current?.model_number ?? ''} errors={errors.model_number} />
        <div className="admin-field">
          <label htmlFor="exchange-rarity">{t('shop.exchange.rarity')}</label>
          <select id="exchange-rarity" name="rarity" defaultValue={current?.rarity ?? RARITY_MIN}>
            {RARITIES.map((r) => (
              <option key={r} value={r}>
                {r} {RARITY_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <Field label={t('shop.exchange.subCoin')} name="sub_coin" inputMode="decimal" defaultValue={current?.sub_coin ?? ''} errors={errors.sub_coin} />
        {!current && <Field label={t('shop.exchange.stock')} name="stock" inputMode="numeric" defaultValue={0} errors={errors.stock} />}
        <Field label={t('shop.exchange.limit')} name="limit_per_member" inputMode="numeric" defaultValue={current?.limit_per_member ?? 0} errors={errors.limit_per_member} />
        <MediaUploadInput name="image" use="exchange" label={t('shop.exchange.image')} value={image} onChange={setImage} accept="image/png,image/jpeg,image/webp,image/gif" errors={errors.image} />
        {!current && <p className="admin-muted">{t('shop.exchange.noImage')}</p>}
        <Field label={t('shop.common.sort')} name="sort" inputMode="numeric" defaultValue={current?.sort ?? 0} errors={errors.sort} />
        <SettingsFormEnd published={current?.published ?? true} rowError={errors.card_id} busy={busy} editing={Boolean(current)} onNew={() => open('new')} saved={saved} />
      </form>
    </section>
  );
}

const cardText = (c: AdminExchangeCard) => `${c.id} ${c.name} ${c.name_en} ${c.card_name} ${c.card_name_en} ${c.model_number} ${c.rarity_label}`;

function cardColumns(t: AdminT, busy: boolean, edit: (c: AdminExchangeCard) => void, adjust: (c: AdminExchangeCard, input: HTMLInputElement) => Promise<void>, stockError: string | undefined) {
  return [
    column.accessor('id', { header: 'ID' }),
    column.accessor('image', { header: () => t('shop.exchange.image'), enableSorting: false, cell: (c) => <MediaPreview url={c.getValue()} alt={c.row.original.name} /> }),
    column.accessor('name', { header: () => t('shop.exchange.name') }),
    column.accessor('model_number', { header: () => t('shop.exchange.modelNumber') }),
    column.accessor('rarity', { header: () => t('shop.exchange.rarity'), cell: (c) => `${c.getValue()} ${c.row.original.rarity_label}` }),
    column.accessor((c) => Number(c.sub_coin), { id: 'sub_coin', header: () => t('shop.exchange.subCoin'), cell: (c) => formatCoins(c.row.original.sub_coin) }),
    column.accessor('stock', {
      header: () => t('shop.exchange.stock'),
      cell: (c) => {
        const card = c.row.original;
        const inputId = `stock-${card.id}`;
        return (
          <span className="settings-inline">
            <strong data-testid="exchange-stock">{card.stock}</strong>
            <label htmlFor={inputId} className="visually-hidden">
              {t('shop.exchange.stockChange')}
            </label>
            <input id={inputId} inputMode="numeric" placeholder="+5 / -2" aria-invalid={stockError ? true : undefined} />
            <button type="button" className="admin-button admin-button--small" disabled={busy} onClick={(e) => void adjust(card, e.currentTarget.previousElementSibling as HTMLInputElement)}>
              {t('shop.exchange.applyStock')}
            </button>
          </span>
        );
      },
    }),
    column.accessor('exchanged', { header: () => t('shop.exchange.exchanged') }),
    column.accessor('limit_per_member', { header: () => t('shop.exchange.limitShort'), cell: (c) => c.getValue() || '—' }),
    column.accessor('sort', { header: () => t('shop.common.sort') }),
    column.accessor('published', {
      header: () => t('shop.common.published'),
      cell: (c) => (c.getValue() ? <span className="admin-badge">{t('shop.common.published')}</span> : <span className="admin-badge admin-badge--off">{t('shop.common.unpublished')}</span>),
    }),
    editColumn(t, busy, edit),
  ];
}
