import type { AgeStatus } from '@oripa/contract/play-safety';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { BirthDateFields } from '@/components/birth-date-fields.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { firstError, isOk } from '@/lib/api-client.ts';
import { formatNumber } from '@/lib/format.ts';
import { formatShopDateTime } from '@/lib/dates.ts';
import { PLAY_SAFETY_KEY, postBirthDate, usePlaySafety } from '@/lib/play-safety.ts';
import { parseLang } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useTranslation } from '@/lib/use-translation.ts';

/**
 * Before the payment choice (decision 037): a member without a birth date on record enters it
 * once (a minor confirms a guardian's consent); a minor sees what is left of this month's cap.
 * The server refuses a purchase without a birth date or over the cap either way.
 */
export function AgeGate({ children }: { children: ReactNode }) {
  const status = usePlaySafety();
  if (status.isError) return <QueryFailure onRetry={() => void status.refetch()} />;
  if (!status.data) return <PageSpinner />;
  if (status.data.birth_date === null) return <BirthDateForm />;
  return (
    <>
      {status.data.monthly_cap !== null && <MinorCapNote status={status.data} />}
      {children}
    </>
  );
}

function MinorCapNote({ status }: { status: AgeStatus }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="notice-box" role="note" data-testid="minor-cap-note">
      {t('safety.status.minorBanner', {
        left: formatNumber(status.cap_left ?? 0),
        cap: formatNumber(status.monthly_cap ?? 0),
        at: formatShopDateTime(status.resets_at, parseLang(i18n.language)),
      })}
    </p>
  );
}

function BirthDateForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [birthDate, setBirthDate] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await postBirthDate(birthDate, consent);
    setBusy(false);
    if (isOk(result)) {
      await queryClient.invalidateQueries({ queryKey: PLAY_SAFETY_KEY });
      return;
    }
    setErrors(
      Object.keys(result.errors ?? {}).length > 0
        ? (result.errors ?? {})
        : { birth_date: [t('safety.birthDate.failed')] },
    );
  };

  return (
    <form
      className="notice-panel age-gate"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="age-gate"
    >
      <h2 className="age-gate__title">{t('safety.birthDate.gateTitle')}</h2>
      <p>{t('safety.birthDate.gateLead')}</p>
      <BirthDateFields
        birthDate={birthDate}
        consent={consent}
        onBirthDate={(v) => {
          setBirthDate(v);
          setErrors({});
        }}
        onConsent={setConsent}
        birthDateError={firstError(errors, 'birth_date', '')}
        consentError={firstError(errors, 'guardian_consent', '')}
        required
      />
      <button
        type="submit"
        className="btn btn--gold btn--block"
        disabled={busy || birthDate === ''}
        data-testid="birth-date-save"
      >
        {t('safety.birthDate.save')}
      </button>
    </form>
  );
}
