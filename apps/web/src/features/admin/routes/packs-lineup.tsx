import { MAX_LINEUP, type PackAdmin } from '@oripa/contract/admin-catalog';
import { ACTION_TYPE, PAYMENT_METHOD, RARITY_LABELS, RARITY_MAX, RARITY_MIN } from '@oripa/contract/constants';
import { useAdminT } from '../admin-texts.ts';
import { formatJstTime } from '../format-time.ts';
import { draftEconomics, emptyPrize, prizesOf, type PackDraft, type PrizeDraft } from './packs-draft.ts';
import { ImageInput } from './packs-image-input.tsx';
import { LineupFile } from './packs-lineup-file.tsx';

/** Milestone prizes a pack may have (the pack file's limit). */
const MAX_MILESTONES = 20;
const sameKindBefore = (lineup: PrizeDraft[], prize: PrizeDraft) => lineup.slice(0, lineup.indexOf(prize)).filter((p) => p.kind === prize.kind).length;

const RARITIES = Array.from({ length: RARITY_MAX - RARITY_MIN + 1 }, (_, i) => RARITY_MIN + i);
const percent = new Intl.NumberFormat('ja-JP', { style: 'percent', maximumFractionDigits: 1 });

/** A lot's gross margin as the editor shows it (-25%). */
export const marginText = (margin: number) => percent.format(margin);
const points = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 1 });

/**
 * The lineup: one card per prize, with the lot's size, expected conversion value per pack and
 * gross margin recomputed as the operator types. A committed lot (every saved pack, decision
 * 014) shows its prizes read-only, except the conversion terms the shop may still change.
 */
export function LineupEditor({
  draft,
  setLineup,
  committed,
  pack,
  errors,
}: {
  draft: PackDraft;
  setLineup: (lineup: PrizeDraft[]) => void;
  committed: boolean;
  pack: PackAdmin | null;
  errors: string[] | undefined;
}) {
  const t = useAdminT();
  const economics = draftEconomics(draft);
  const change = (key: string, values: Partial<PrizeDraft>) => setLineup(draft.lineup.map((p) => (p.key === key ? { ...p, ...values } : p)));
  const unit = draft.payment_method === PAYMENT_METHOD.coins ? 'C' : 'P';
  const lotCount = draft.lineup.filter((p) => p.kind === 'lot').length;
  return (
    <fieldset className="packs-fieldset">
      <legend>{t('catalog.editor.lineup')}</legend>
      {committed && pack && (
        <p className="admin-notice packs-frozen" data-testid="lineup-frozen">
          {t('catalog.editor.committed', { at: formatJstTime(pack.committed_at) })}
        </p>
      )}
      <dl className="packs-economics" data-testid="lot-economics" aria-live="polite">
        <div>
          <dt>{t('catalog.editor.lotSize')}</dt>
          <dd data-testid="lot-size">{economics.size.toLocaleString('ja-JP')}</dd>
        </div>
        <div>
          <dt>{t('catalog.editor.expected')}</dt>
          <dd data-testid="lot-ev">{points.format(economics.expectedValue)}P</dd>
        </div>
        <div>
          <dt>{t('catalog.editor.margin')}</dt>
          <dd data-testid="lot-margin" className={economics.margin !== null && economics.margin < 0 ? 'packs-negative' : undefined}>
            {economics.margin === null ? '—' : marginText(economics.margin)}
          </dd>
        </div>
        <div>
          <dt>{t('catalog.price')}</dt>
          <dd>
            {draft.point || '—'}
            {unit}
          </dd>
        </div>
      </dl>
      {errors && (
        <p className="admin-notice admin-notice--error" role="alert">
          {errors.join(' ')}
        </p>
      )}
      <ol className="packs-lineup" data-testid="lineup">
        {draft.lineup.map((p) => (
          <li key={p.key} className="packs-prize">
            <PrizeFields prize={p} n={sameKindBefore(draft.lineup, p) + 1} frozen={committed} change={(values) => change(p.key, values)} />
            {!committed && (p.kind !== 'lot' || lotCount > 1) && (
              <button type="button" className="admin-button admin-button--small admin-button--quiet" onClick={() => setLineup(draft.lineup.filter((x) => x.key !== p.key))}>
                {t('catalog.editor.removePrize')}
              </button>
            )}
          </li>
        ))}
      </ol>
      {!committed && (
        <div className="admin-actions packs-add">
          {lotCount < MAX_LINEUP && (
            <button type="button" className="admin-button admin-button--quiet" onClick={() => setLineup([...draft.lineup.filter((p) => p.kind === 'lot'), emptyPrize(), ...draft.lineup.filter((p) => p.kind !== 'lot')])}>
              {t('catalog.editor.addPrize')}
            </button>
          )}
          {!draft.lineup.some((p) => p.kind === 'last_one') && (
            <button type="button" className="admin-button admin-button--quiet" onClick={() => setLineup([...draft.lineup, emptyPrize('last_one')])}>
              {t('catalog.editor.addLastOne')}
            </button>
          )}
          {draft.lineup.filter((p) => p.kind === 'milestone').length < MAX_MILESTONES && (
            <button type="button" className="admin-button admin-button--quiet" onClick={() => setLineup([...draft.lineup, emptyPrize('milestone')])}>
              {t('catalog.editor.addMilestone')}
            </button>
          )}
        </div>
      )}
      <p className="admin-muted">{t('catalog.editor.extrasNote')}</p>
      <LineupFile packId={pack?.id ?? null} paymentMethod={draft.payment_method} onImported={(lineup) => setLineup(prizesOf(lineup))} />
    </fieldset>
  );
}

function PrizeFields({ prize, n, frozen, change }: { prize: PrizeDraft; n: number; frozen: boolean; change: (values: Partial<PrizeDraft>) => void }) {
  const t = useAdminT();
  const id = (key: string) => `prize-${prize.key}-${key}`;
  const text = (key: 'name' | 'name_en' | 'count' | 'buy_point' | 'model_number' | 'num' | 'at' | 'every' | 'cost_yen', label: string, numeric: boolean, locked: boolean) => (
    <div className="admin-field">
      <label htmlFor={id(key)}>{label}</label>
      <input
        id={id(key)}
        type={numeric ? 'number' : 'text'}
        min={numeric ? 0 : undefined}
        inputMode={numeric ? 'numeric' : undefined}
        value={prize[key]}
        readOnly={locked}
        onChange={(e) => change({ [key]: e.target.value })}
      />
    </div>
  );
  return (
    <fieldset className="packs-prize-fields">
      <legend>{prize.kind === 'lot' ? t('catalog.editor.prize', { n }) : prize.kind === 'last_one' ? t('catalog.editor.lastOne') : t('catalog.editor.milestone', { n })}</legend>
      <div className="packs-prize-image">
        {prize.image ? <img src={prize.image} alt="" /> : <span className="admin-muted">{t('catalog.editor.noImage')}</span>}
        {!frozen && <ImageInput id={id('image')} label={t('catalog.editor.image')} onUploaded={(url) => change({ image: url })} />}
      </div>
      <div className="packs-prize-grid">
        {text('name', t('catalog.editor.prizeName'), false, frozen)}
        {text('name_en', t('catalog.editor.nameEn'), false, false)}
        <div className="admin-field">
          <label htmlFor={id('rarity')}>{t('catalog.editor.rarity')}</label>
          <select id={id('rarity')} value={prize.rarity} disabled={frozen} onChange={(e) => change({ rarity: e.target.value })}>
            {RARITIES.map((r) => (
              <option key={r} value={r}>
                {r} ({RARITY_LABELS[r]})
              </option>
            ))}
          </select>
        </div>
        {prize.kind === 'lot' && text('count', t('catalog.editor.count'), true, frozen)}
        {prize.kind === 'milestone' && text('at', t('catalog.editor.at'), true, frozen)}
        {prize.kind === 'milestone' && text('every', t('catalog.editor.every'), true, frozen)}
        {text('buy_point', t('catalog.editor.buyPoint'), true, false)}
        {text('model_number', t('catalog.editor.modelNumber'), false, frozen)}
        {text('num', t('catalog.editor.num'), true, false)}
        {/* Not part of the commitment: the cost may be entered or corrected at any time (decision 050). */}
        {text('cost_yen', t('catalog.scale.costYen'), true, false)}
        <div className="admin-field">
          <label htmlFor={id('action')}>{t('catalog.editor.actionType')}</label>
          <select id={id('action')} value={prize.action_type} onChange={(e) => change({ action_type: e.target.value })}>
            <option value={ACTION_TYPE.choose}>{t('catalog.editor.choose')}</option>
            <option value={ACTION_TYPE.shipOnly}>{t('catalog.editor.shipOnly')}</option>
          </select>
        </div>
      </div>
    </fieldset>
  );
}
