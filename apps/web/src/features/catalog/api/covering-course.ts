import * as api from '@oripa/contract/api-paths';
import type { PointCourse } from '@oripa/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { getOk } from '@/lib/api-query.ts';

/** Points a course credits: its points and its bonus (both paid points). */
const credited = (course: PointCourse) => Number(course.point) + (Number(course.bonus_point) || 0);

/** The cheapest course whose points with bonus still cover `missing` (fewest points on a tie). */
export function smallestCovering(courses: PointCourse[], missing: number): PointCourse | undefined {
  return courses
    .filter((course) => credited(course) >= missing)
    .sort((a, b) => Number(a.price) - Number(b.price) || credited(a) - credited(b))[0];
}

/**
 * The smallest point course covering `missing` points (GET /user/point_price/{page}, every page),
 * for the insufficient-points modal; waits while missing is not above 0.
 */
export function useCoveringCourse(missing: number) {
  return useQuery({
    queryKey: ['point_price', 'all'],
    queryFn: async (): Promise<PointCourse[]> => {
      const all: PointCourse[] = [];
      for (let page = 1; ; page += 1) {
        const result = await getOk(api.pointPrice, { params: { page } });
        all.push(...(result.list ?? []));
        if (!result.page || page >= result.page.all_page) return all;
      }
    },
    enabled: missing > 0,
    staleTime: 5 * 60_000,
    select: (courses) => smallestCovering(courses, missing),
  });
}
