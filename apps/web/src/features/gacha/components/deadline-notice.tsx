import { useEffect, useState } from 'react';
import { formatShopDateTime } from '@/lib/dates.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Time left as hh:mm:ss (partial seconds round up; 00:00:00 once passed). */
export function formatTimeLeft(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * The 24-hour deadline of the card choice: the date and a live countdown; once passed, the
 * cards left are converted by the shop (ship-only ones shipped).
 */
export function DeadlineNotice({ deadline }: { deadline: string }) {
  const { t } = useTranslation();
  const end = Date.parse(deadline);
  const [now, setNow] = useState(() => Date.now());
  const left = Number.isNaN(end) ? 0 : end - now;
  const passed = left <= 0;

  useEffect(() => {
    if (passed) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [passed]);

  if (Number.isNaN(end)) return null;
  return (
    <div className={passed ? 'deadline is-passed' : 'deadline'} data-testid="deadline">
      <p className="deadline__date">
        {t('gacha.cardList.deadline', { date: formatShopDateTime(deadline, currentLang()) })}
      </p>
      {passed ? (
        <p className="deadline__left" role="alert">
          {t('gacha.cardList.deadlinePassed')}
        </p>
      ) : (
        <p className="deadline__left">
          {t('gacha.cardList.timeLeft')}
          <span className="deadline__time" role="timer" aria-live="off">
            {formatTimeLeft(left)}
          </span>
        </p>
      )}
      <p className="deadline__note">{t('gacha.cardList.deadlineNote')}</p>
    </div>
  );
}
