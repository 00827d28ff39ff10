import { useEffect, useRef, useState } from 'react';
import { renderNow } from '@/lib/clock.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { countdownParts, millisecondsUntil } from '../countdown.ts';

interface CountdownProps {
  startDate: string;
  /** Called once when the start time is reached. */
  onReached: () => void;
}

/** Time left before the sale starts (hh.mm.ss, or days and hh:mm:ss from a day on), refreshed every second. */
export function Countdown({ startDate, onReached }: CountdownProps) {
  const { t } = useTranslation();
  const [now, setNow] = useState(renderNow);
  const left = millisecondsUntil(startDate, now);
  const reached = left === 0;
  const { days, clock } = countdownParts(left);
  const notify = useRef(onReached);

  useEffect(() => {
    notify.current = onReached;
  }, [onReached]);

  useEffect(() => {
    if (reached) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [reached]);

  useEffect(() => {
    if (reached) notify.current();
  }, [reached]);

  return (
    <div className="countdown">
      <span className="countdown__label">{t('catalog.detail.countdownLabel')}</span>
      <span className="countdown__time" data-testid="countdown" role="timer" aria-live="off">
        {days > 0 ? t('shopper.countdown.days', { count: days, days, clock }) : clock}
      </span>
    </div>
  );
}
