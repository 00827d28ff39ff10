import { campaignBonusPoints } from '@oripa/contract/campaign-rules';
import { useActiveCampaigns } from '@/lib/campaigns.ts';
import { formatNumber } from '@/lib/format.ts';
import { useCampaignText } from './campaign-texts.ts';

/**
 * A point course's campaign points on /buy-point (decision 060): what a running point bonus adds
 * to `points` (the course's points with its own bonus), as the server will credit them. Nothing
 * when no point bonus runs or its budget is spent.
 */
export function CampaignCourseExtra({ points }: { points: number }) {
  const ct = useCampaignText();
  const bonus = useActiveCampaigns().find((c) => c.kind === 'point_bonus');
  const extra = bonus?.percent ? campaignBonusPoints(points, bonus.percent) : 0;
  if (extra <= 0) return null;
  return (
    <span className="pay-course__bonus pay-course__campaign" data-testid="course-campaign">
      {ct('courseExtra', { points: formatNumber(extra) })}
    </span>
  );
}
