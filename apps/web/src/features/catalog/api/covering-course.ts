import type { PointCourse } from '@oripa/contract/payments';
import type { PageInfo } from '@oripa/contract/wire';
import { useQuery } from '@tanstack/react-query';
import { getOk } from '@/lib/api-query.ts';

/** The course with the fewest points that still covers `missing` (the cheapest way to buy). */
export function smallestCovering(courses: PointCourse[], missing: number): PointCourse | undefined {
  return courses
    .filter((course) => Number(course.point) >= missing)
    .sort((a, b) => Number(a.point) - Number(b.point) || Number(a.price) - Number(b.price))[0];
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
        const result = await getOk<{ list: PointCourse[]; page: PageInfo }>(`/user/point_price/${page}`);
        all.push(...(result.list ?? []));
        if (!result.page || page >= result.page.all_page) return all;
      }
    },
    enabled: missing > 0,
    staleTime: 5 * 60_000,
    select: (courses) => smallestCovering(courses, missing),
  });
}
