import type { MembersOnly } from '@oripa/contract/catalog';
import { useTranslation } from '@/lib/use-translation.ts';
import en from '@/locales/features/members-only.en.json';
import ja from '@/locales/features/members-only.ja.json';

/** Each condition a member-only pack sets (decision 056), in the order the badges show them. */
function conditions(members: MembersOnly): { key: 'rank' | 'first_purchase' | 'sms_verified' | 'free_daily'; rank?: string }[] {
  return [
    ...(members.free_daily ? [{ key: 'free_daily' as const }] : []),
    ...(members.min_rank !== undefined ? [{ key: 'rank' as const, rank: members.min_rank }] : []),
    ...(members.first_purchase ? [{ key: 'first_purchase' as const }] : []),
    ...(members.sms_verified ? [{ key: 'sms_verified' as const }] : []),
  ];
}

/** The badges of who may buy a pack: rank and up, first purchase, SMS-verified, free once a day. */
export function MembersOnlyBadges({ members }: { members: MembersOnly | undefined }) {
  // The badges' texts stay in this chunk, out of the entry's catalogue (e2e/bundle-budget).
  const texts = useTranslation().i18n.language === 'en' ? en : ja;
  if (!members) return null;
  return (
    <>
      {conditions(members).map((c) => (
        <span key={c.key} className={`badge badge--members badge--${c.key.replace('_', '-')}`} data-testid={`badge-members-${c.key}`}>
          {texts[c.key].replace('{{rank}}', c.rank ?? '')}
        </span>
      ))}
    </>
  );
}
