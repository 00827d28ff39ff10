import * as api from '@oripa/contract/api-paths';
import { MAX_PACK_IMAGES, type PackAdmin } from '@oripa/contract/admin-catalog';
import { MOVIE_STYLES, PAYMENT_METHOD } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { adminSend, allErrors } from '../api/admin-client.ts';
import { CATALOG_KEY, packKey, useCardTypes, usePack } from '../api/catalog-queries.ts';
import { useRanks } from '../api/shop-settings-queries.ts';
import { QueryView } from '../components/query-view.tsx';
import { formatJstTime } from '../format-time.ts';
import { createPayload, draftEconomics, draftOf, keepDraft, newDraft, savedDraft, updatePayload, type PackDraft } from './packs-draft.ts';
import { PackCopyActions } from './packs-copy.tsx';
import { ImageInput } from './packs-image-input.tsx';
import { LineupEditor, marginText } from './packs-lineup.tsx';
import { PrizeCapsPanel } from './packs-prize-caps.tsx';
import { SalePanel } from './packs-sale.tsx';
import { StateBadge } from './packs-screen.tsx';
import './packs.css';

/** /admin/packs/new and /admin/packs/:id: the pack editor (a new pack, or a committed one). */
export function PackEditorScreen() {
  const t = useAdminT();
  const param = useParams().id;
  const id = param === undefined || param === 'new' ? null : Number(param);
  const pack = usePack(id);
  return (
    <section className="packs-editor">
      <p>
        <Link to="/admin/packs">{t('catalog.back')}</Link>
      </p>
      {id === null ? (
        <PackForm key="new" pack={null} />
      ) : (
        <QueryView query={pack}>{(p) => <PackForm key={`${p.id}`} pack={p} />}</QueryView>
      )}
    </section>
  );
}

/** A labelled control with the server's messages for its field under it. */
function Labelled({ label, errors, htmlFor, children }: { label: string; errors?: string[] | undefined; htmlFor: string; children: ReactNode }) {
  return (
    <div className="admin-field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {errors && (
        <p id={`${htmlFor}-error`} className="admin-field-error">
          {errors[0]}
        </p>
      )}
    </div>
  );
}

/** The server's sanitized HTML of the description, asked again as the operator pauses typing. */
function usePreview(detail: string): string {
  const [html, setHtml] = useState('');
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void adminSend(api.adminPacksPreview, { detail }).then((res) => {
        if (current && res.state === STATE.ok) setHtml(res.html ?? '');
      });
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [detail]);
  return html;
}

/** An HTML description and, beside it, what the shop will serve of it (the server's sanitizer). */
function DetailInput(props: { id: string; label: string; value: string; html: string; errors: string[] | undefined; testId: string; onChange: (value: string) => void }) {
  const t = useAdminT();
  return (
    <div className="packs-detail">
      <Labelled label={props.label} errors={props.errors} htmlFor={props.id}>
        <textarea id={props.id} rows={8} value={props.value} onChange={(e) => props.onChange(e.target.value)} />
      </Labelled>
      <div>
        <p className="admin-muted">{t('catalog.editor.preview')}</p>
        {/* The server's sanitizer made this HTML (POST /admin/packs/preview): what the shop serves. */}
        <div className="packs-preview rich-text" data-testid={props.testId} dangerouslySetInnerHTML={{ __html: props.html || `<p>${t('catalog.editor.previewEmpty')}</p>` }} />
      </div>
    </div>
  );
}

function PackForm({ pack }: { pack: PackAdmin | null }) {
  const t = useAdminT();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const types = useCardTypes();
  const [draft, setDraft] = useState<PackDraft>(() => (pack ? draftOf(pack) : (savedDraft() ?? newDraft())));
  // A new pack's draft lives in this browser until it is created (a committed one is on the server).
  useEffect(() => {
    if (!pack) keepDraft(draft);
  }, [pack, draft]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string>((location.state as { notice?: string } | null)?.notice === 'created' ? t('catalog.editor.created') : '');
  const [busy, setBusy] = useState(false);
  const preview = usePreview(draft.detail);
  const previewEn = usePreview(draft.detail_en);
  const set = <K extends keyof PackDraft>(key: K, value: PackDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const committed = pack !== null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Committing fixes the lineup for good: a lot that loses money is created only when confirmed.
    const { margin } = draftEconomics(draft);
    if (!pack && margin !== null && margin < 0 && !window.confirm(t('catalog.editor.lossConfirm', { margin: marginText(margin) }))) return;
    setBusy(true);
    const res = pack
      ? await adminSend(api.adminPacksUpdate, updatePayload(pack.id, draft))
      : await adminSend(api.adminPacksCreate, createPayload(draft));
    setBusy(false);
    setErrors(res.errors);
    if (res.state !== STATE.ok || !res.pack) {
      setNotice('');
      return;
    }
    await client.invalidateQueries({ queryKey: CATALOG_KEY });
    if (pack) {
      client.setQueryData(packKey(pack.id), res.pack);
      setNotice(t('catalog.editor.saved'));
    } else {
      keepDraft(null);
      void navigate(`/admin/packs/${res.pack.id}`, { state: { notice: 'created' } });
    }
  };

  const field = (key: 'name' | 'name_en' | 'point' | 'max_buy_count' | 'limit_per_member' | 'limit_message' | 'sort', label: string, type = 'text') => (
    <Labelled label={label} errors={errors[key]} htmlFor={`pack-${key}`}>
      <input
        id={`pack-${key}`}
        type={type}
        inputMode={type === 'number' ? 'numeric' : undefined}
        min={type === 'number' ? 0 : undefined}
        value={draft[key]}
        aria-invalid={errors[key] ? true : undefined}
        onChange={(e) => set(key, e.target.value)}
      />
    </Labelled>
  );
  const errorList = allErrors(errors);

  return (
    <>
      <h1>
        {pack ? t('catalog.editor.editHeading', { id: pack.id }) : t('catalog.editor.newHeading')} {pack && <StateBadge state={pack.state} t={t} />}
      </h1>
      {notice && (
        <p className="admin-notice admin-notice--ok" role="status" data-testid="pack-notice">
          {notice}
        </p>
      )}
      {pack && <PackCopyActions pack={pack} />}
      {pack && <SalePanel pack={pack} onDone={(p) => setDraft((d) => ({ ...d, published: p.published, start_at: draftOf(p).start_at, end_at: draftOf(p).end_at }))} />}
      <form className="packs-form" onSubmit={(e) => void submit(e)} noValidate>
        <MembersFieldset draft={draft} set={set} errors={errors.min_rank_id} />

        <fieldset className="packs-fieldset">
          <legend>{t('catalog.editor.basics')}</legend>
          <div className="packs-grid">
            {field('name', t('catalog.editor.name'))}
            {field('name_en', t('catalog.editor.nameEn'))}
            <Labelled label={t('catalog.editor.cardType')} errors={errors.card_type_id} htmlFor="pack-card-type">
              <select id="pack-card-type" value={draft.card_type_id} onChange={(e) => set('card_type_id', e.target.value)}>
                <option value="">{t('catalog.editor.chooseType')}</option>
                {(types.data ?? []).map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                  </option>
                ))}
              </select>
            </Labelled>
            {field('point', t('catalog.editor.point'), 'number')}
            <Labelled label={t('catalog.editor.paymentMethod')} errors={errors.payment_method} htmlFor="pack-method">
              <select id="pack-method" value={draft.payment_method} onChange={(e) => set('payment_method', e.target.value)}>
                <option value={PAYMENT_METHOD.points}>{t('catalog.points')}</option>
                <option value={PAYMENT_METHOD.coins}>{t('catalog.coins')}</option>
              </select>
            </Labelled>
            <Labelled label={t('catalog.editor.startAt')} errors={errors.start_at} htmlFor="pack-start">
              <input id="pack-start" type="datetime-local" value={draft.start_at} readOnly={pack !== null} onChange={(e) => set('start_at', e.target.value)} />
            </Labelled>
            <Labelled label={t('catalog.editor.endAt')} errors={errors.end_at} htmlFor="pack-end">
              <input id="pack-end" type="datetime-local" value={draft.end_at} onChange={(e) => set('end_at', e.target.value)} />
            </Labelled>
            {field('max_buy_count', t('catalog.editor.maxBuy'), 'number')}
            {field('limit_per_member', t('catalog.editor.limit'), 'number')}
            {field('limit_message', t('catalog.editor.limitMessage'))}
            <Labelled label={t('catalog.editor.movieStyle')} errors={errors.movie_style} htmlFor="pack-movie">
              <select id="pack-movie" value={draft.movie_style} onChange={(e) => set('movie_style', e.target.value)}>
                {MOVIE_STYLES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </Labelled>
            {field('sort', t('catalog.editor.sort'), 'number')}
          </div>
          <label className="packs-check">
            <input type="checkbox" checked={draft.show_cardlist} onChange={(e) => set('show_cardlist', e.target.checked)} /> {t('catalog.editor.showCardlist')}
          </label>
          <label className="packs-check">
            <input type="checkbox" checked={draft.published} onChange={(e) => set('published', e.target.checked)} /> {t('catalog.editor.published')}
          </label>
        </fieldset>

        <fieldset className="packs-fieldset">
          <legend>{t('catalog.editor.images')}</legend>
          <ul className="packs-images" data-testid="pack-images">
            {draft.images.map((url) => (
              <li key={url}>
                <img src={url} alt="" />
                <button type="button" className="admin-button admin-button--small admin-button--quiet" onClick={() => set('images', draft.images.filter((u) => u !== url))}>
                  {t('catalog.editor.removeImage')}
                </button>
              </li>
            ))}
          </ul>
          {draft.images.length < MAX_PACK_IMAGES && (
            <ImageInput id="pack-image" label={t('catalog.editor.addImage')} onUploaded={(url) => set('images', [...draft.images, url])} />
          )}
          {errors.images && <p className="admin-field-error">{errors.images[0]}</p>}
        </fieldset>

        <fieldset className="packs-fieldset">
          <legend>{t('catalog.editor.detail')}</legend>
          <DetailInput id="pack-detail" label={t('catalog.editor.detail')} value={draft.detail} html={preview} errors={errors.detail} testId="detail-preview" onChange={(v) => set('detail', v)} />
          <DetailInput id="pack-detail-en" label={t('catalog.editor.detailEn')} value={draft.detail_en} html={previewEn} errors={errors.detail_en} testId="detail-preview-en" onChange={(v) => set('detail_en', v)} />
        </fieldset>

        <LineupEditor draft={draft} setLineup={(lineup) => set('lineup', lineup)} committed={committed} pack={pack} errors={errors.lineup ?? errors.pack_id} />
        <PrizeCapsPanel draft={draft} setReason={(reason) => set('prize_cap_reason', reason)} errors={{ caps: errors.prize_caps, reason: errors.prize_cap_reason }} />

        {pack && (
          <p className="admin-muted packs-commitment">
            {t('catalog.editor.seedHash')}: <code>{pack.seed_hash}</code> · {t('catalog.editor.drawn', { drawn: pack.drawn, total: pack.total })} · {formatJstTime(pack.committed_at)}
          </p>
        )}
        {errorList.length > 0 && (
          <p className="admin-notice admin-notice--error" role="alert">
            {t('catalog.editor.errors')} {errorList.join(' ')}
          </p>
        )}
        {!pack && (
          <p className="admin-muted">
            {t('catalog.editor.createNote')}{' '}
            <button type="button" className="admin-link" onClick={() => setDraft(newDraft())}>
              {t('catalog.editor.discard')}
            </button>
          </p>
        )}
        <button type="submit" className="admin-button" disabled={busy}>
          {pack ? t('catalog.editor.save') : t('catalog.editor.create')}
        </button>
      </form>
    </>
  );
}

/**
 * Who may buy the pack (decision 056): the lowest rank, first purchases only, SMS-verified members
 * only, or free once a day. The server refuses everyone else; the shop shows badges.
 */
function MembersFieldset({
  draft,
  set,
  errors,
}: {
  draft: PackDraft;
  set: <K extends keyof PackDraft>(key: K, value: PackDraft[K]) => void;
  errors: string[] | undefined;
}) {
  const t = useAdminT();
  const ranks = useRanks();
  const known = (ranks.data ?? []).some((r) => String(r.id) === draft.min_rank_id);
  return (
    <fieldset className="packs-fieldset" data-testid="pack-members">
      <legend>{t('catalog.editor.members')}</legend>
      <p className="admin-muted">{t('catalog.editor.membersLead')}</p>
      <div className="packs-grid">
        <Labelled label={t('catalog.editor.minRank')} errors={errors} htmlFor="pack-min-rank">
          <select id="pack-min-rank" value={draft.min_rank_id ?? ''} onChange={(e) => set('min_rank_id', e.target.value)}>
            <option value="">{t('catalog.editor.anyRank')}</option>
            {(ranks.data ?? []).map((rank) => (
              <option key={rank.id} value={rank.id}>
                {rank.name}
              </option>
            ))}
            {draft.min_rank_id && !known && <option value={draft.min_rank_id}>#{draft.min_rank_id}</option>}
          </select>
        </Labelled>
      </div>
      <label className="packs-check">
        <input type="checkbox" checked={draft.first_purchase_only === true} onChange={(e) => set('first_purchase_only', e.target.checked)} /> {t('catalog.editor.firstPurchaseOnly')}
      </label>
      <label className="packs-check">
        <input type="checkbox" checked={draft.sms_verified_only === true} onChange={(e) => set('sms_verified_only', e.target.checked)} /> {t('catalog.editor.smsVerifiedOnly')}
      </label>
      <label className="packs-check">
        <input type="checkbox" checked={draft.free_daily === true} onChange={(e) => set('free_daily', e.target.checked)} /> {t('catalog.editor.freeDaily')}
      </label>
      {draft.free_daily && <p className="admin-muted">{t('catalog.editor.freeDailyNote')}</p>}
    </fieldset>
  );
}
