import type { PointCourse } from '@oripa/contract/payments';

/**
 * What a course gives, as the shop shows it (issue 15 item 4, truthful labels): the points with
 * the bonus the operator set, and the yen each point really costs. No ribbon claims a deal; a
 * course shows a bonus only when it has one.
 */
export interface CourseValue {
  points: number;
  bonus: number;
  total: number;
  /** Yen per point, tax included, to two decimals without trailing zeros: '1.1', '1', '1.05'. */
  yenPerPoint: string;
}

export function courseValue(course: Pick<PointCourse, 'point' | 'bonus_point' | 'price'>): CourseValue {
  const points = Number(course.point);
  const bonus = Number(course.bonus_point) || 0;
  const total = points + bonus;
  // Hundredths of a yen, rounded half up, from integers: 1100 yen / 1000 points → 110 → '1.1'.
  const hundredths = total > 0 ? Math.round((Number(course.price) * 100) / total) : 0;
  const whole = Math.trunc(hundredths / 100);
  const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  return { points, bonus, total, yenPerPoint: fraction ? `${whole}.${fraction}` : String(whole) };
}

/** The course's ribbon text in the language shown: the English one when the operator wrote it. */
export function courseMemo(course: Pick<PointCourse, 'memo' | 'name_en'>, lang: string): string {
  return lang.startsWith('en') && course.name_en ? course.name_en : course.memo;
}
