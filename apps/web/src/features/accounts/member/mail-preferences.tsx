import * as api from '@oripa/contract/api-paths';
import type { MailPreferences as Preferences } from '@oripa/contract/mail-preferences';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall, isOk } from '@/lib/api-client.ts';
import { getOk } from '@/lib/api-query.ts';
import { useTranslation } from '@/lib/use-translation.ts';

type Preference = Preferences['preferences'][number];

const MAIL_PREFERENCES_KEY = ['mail_preferences'] as const;

/**
 * The member info page's mail switches (GET/POST /user/mail_preferences): each optional mail
 * on or off, saved as soon as it is flipped. Essential mails are not listed: they always go.
 */
export function MailPreferences() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const query = useQuery({
    queryKey: MAIL_PREFERENCES_KEY,
    queryFn: async () => (await getOk(api.mailPreferences)).preferences,
  });
  const preferences = query.data;
  if (!preferences) return null;

  const flip = async (kind: Preference['kind'], on: boolean) => {
    const off = preferences.filter((p) => (p.kind === kind ? !on : !p.on)).map((p) => p.kind);
    const result = await apiCall(api.mailPreferencesSave, { payload: { off } });
    if (isOk(result) && result.preferences) {
      queryClient.setQueryData(MAIL_PREFERENCES_KEY, result.preferences);
      setMessage(t('accounts.mails.saved'));
    } else {
      setMessage(t('accounts.mails.failed'));
    }
  };

  return (
    <section className="surface-card account-card mail-preferences" data-testid="mail-preferences">
      <h2 className="form-group__title">{t('accounts.mails.title')}</h2>
      <p className="mail-preferences__lead">{t('accounts.mails.lead')}</p>
      <ul className="mail-preferences__list">
        {preferences.map((p) => (
          <li key={p.kind}>
            <label className="mail-preferences__switch">
              <input
                type="checkbox"
                checked={p.on}
                onChange={(e) => void flip(p.kind, e.currentTarget.checked)}
                data-testid={`mail-${p.kind}`}
              />
              <span>{t(`accounts.mails.kinds.${p.kind}`)}</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="mail-preferences__status" role="status" aria-live="polite">
        {message}
      </p>
    </section>
  );
}
