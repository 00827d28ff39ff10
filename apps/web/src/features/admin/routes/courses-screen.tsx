import * as api from '@oripa/contract/api-paths';
import type { AdminCourse } from '@oripa/contract/admin-shop-settings';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useAdminT, type AdminT } from '../admin-texts.ts';
import { useCourses, useSettingsWrite } from '../api/shop-settings-queries.ts';
import { Field } from '../components/field.tsx';
import { SettingsFormEnd } from '../components/settings-form-end.tsx';
import { QueryView } from '../components/query-view.tsx';
import { formPayload } from '../components/settings-form.ts';
import { SettingsTable } from '../components/settings-table.tsx';
import './shop-settings.css';

const column = createColumnHelper<AdminCourse>();

/** Yen a point of the course costs with its bonus, two decimals (the shop shows the same figure). */
function yenPerPoint(course: Pick<AdminCourse, 'price' | 'point' | 'bonus_point'>): string {
  const total = course.point + course.bonus_point;
  return total > 0 ? `¥${(Math.round((course.price * 100) / total) / 100).toString()}` : '—';
}

/** Point courses: list (sort, filter, pages), create and edit with bonus points, retire. */
export function CoursesScreen() {
  const t = useAdminT();
  const courses = useCourses();
  const { errors, busy, write, setErrors } = useSettingsWrite('courses');
  const [editing, setEditing] = useState<AdminCourse | 'new'>('new');
  const [saved, setSaved] = useState(false);

  const columns = useMemo(
    () => courseColumns(t, busy, (course) => {
      setEditing(course);
      setErrors({});
      setSaved(false);
    }, (course) => {
      if (window.confirm(t('shop.courses.confirmRetire'))) void write(api.adminCoursesRetire, { course_id: course.id });
    }),
    [t, busy, write, setErrors],
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = formPayload(event.currentTarget, ['published']);
    const result = await write(api.adminCoursesSave, editing === 'new' ? payload : { ...payload, course_id: editing.id });
    setSaved(Boolean(result));
    if (result?.course) setEditing(result.course);
  };

  const current = editing === 'new' ? undefined : editing;
  return (
    <section className="settings">
      <h1>{t('shop.courses.heading')}</h1>
      <p className="admin-muted">{t('shop.courses.lead')}</p>
      <QueryView query={courses}>
        {(rows) => <SettingsTable rows={rows} columns={columns} text={courseText} empty={t('shop.courses.empty')} testId="courses-table" />}
      </QueryView>

      <form key={current?.id ?? 'new'} className="admin-form settings-form" onSubmit={(e) => void submit(e)} data-testid="course-form">
        <h2>{current ? t('shop.common.editing', { id: current.id }) : t('shop.common.creating')}</h2>
        <Field label={t('shop.courses.point')} name="point" inputMode="numeric" defaultValue={current?.point ?? ''} errors={errors.point} />
        <Field label={t('shop.courses.bonus')} name="bonus_point" inputMode="numeric" defaultValue={current?.bonus_point ?? 0} errors={errors.bonus_point} />
        <Field label={t('shop.courses.price')} name="price" inputMode="numeric" defaultValue={current?.price ?? ''} errors={errors.price} />
        <Field label={t('shop.courses.memo')} name="memo" defaultValue={current?.memo ?? ''} errors={errors.memo} />
        <Field label={t('shop.courses.nameEn')} name="name_en" defaultValue={current?.name_en ?? ''} errors={errors.name_en} />
        <Field label={t('shop.common.sort')} name="sort" inputMode="numeric" defaultValue={current?.sort ?? 0} errors={errors.sort} />
        <SettingsFormEnd published={current?.published ?? true} rowError={errors.course_id} busy={busy} editing={Boolean(current)} onNew={() => setEditing('new')} saved={saved} />
      </form>
    </section>
  );
}

const courseText = (c: AdminCourse) => `${c.id} ${c.point} ${c.bonus_point} ${c.price} ${c.memo} ${c.name_en}`;

function courseColumns(t: AdminT, busy: boolean, edit: (c: AdminCourse) => void, retire: (c: AdminCourse) => void) {
  return [
    column.accessor('id', { header: 'ID' }),
    column.accessor('point', { header: () => t('shop.courses.point'), cell: (c) => c.getValue().toLocaleString('ja-JP') }),
    column.accessor('bonus_point', { header: () => t('shop.courses.bonus'), cell: (c) => (c.getValue() > 0 ? `+${c.getValue().toLocaleString('ja-JP')}` : '—') }),
    column.accessor('price', { header: () => t('shop.courses.price'), cell: (c) => `¥${c.getValue().toLocaleString('ja-JP')}` }),
    column.accessor((c) => c.price / Math.max(1, c.point + c.bonus_point), { id: 'rate', header: () => t('shop.courses.rate'), cell: (c) => yenPerPoint(c.row.original) }),
    column.accessor('memo', { header: () => t('shop.courses.memo') }),
    column.accessor('name_en', { header: () => t('shop.courses.nameEn') }),
    column.accessor('sort', { header: () => t('shop.common.sort') }),
    column.accessor((c) => (c.retired ? 2 : c.published ? 0 : 1), {
      id: 'status',
      header: () => t('shop.courses.status'),
      cell: (c) => {
        const course = c.row.original;
        if (course.retired) return <span className="admin-badge admin-badge--off">{t('shop.courses.retired')}</span>;
        return course.published ? <span className="admin-badge">{t('shop.common.published')}</span> : <span className="admin-badge admin-badge--off">{t('shop.common.unpublished')}</span>;
      },
    }),
    column.accessor('payments', { header: () => t('shop.courses.payments') }),
    column.display({
      id: 'actions',
      header: () => t('shop.common.actions'),
      cell: (c) =>
        c.row.original.retired ? null : (
          <span className="admin-actions">
            <button type="button" className="admin-button admin-button--small" disabled={busy} onClick={() => edit(c.row.original)}>
              {t('shop.common.edit')}
            </button>
            <button type="button" className="admin-button admin-button--small admin-button--danger" disabled={busy} onClick={() => retire(c.row.original)}>
              {t('shop.courses.retire')}
            </button>
          </span>
        ),
    }),
  ];
}
