import { lazy, Suspense } from 'react';
import { isMember, useCurrentUser } from '@/lib/current-user.ts';
import { useHydrated } from '@/lib/hydrated.ts';

const LoginBonusNotice = lazy(() => import('./login-bonus-notice.tsx').then((m) => ({ default: m.LoginBonusNotice })));

/**
 * Where the login bonus (decision 055) is claimed: for a signed-in member, after the first render,
 * the notice's own chunk loads and claims the day's bonus. Visitors never load it, and it stays out
 * of the entry's JavaScript (e2e/bundle-budget); the server's first HTML has nothing of it.
 */
export function LoginBonus() {
  const member = isMember(useCurrentUser());
  const hydrated = useHydrated();
  if (!hydrated || !member) return null;
  return (
    <Suspense fallback={null}>
      <LoginBonusNotice />
    </Suspense>
  );
}
