import { api } from '@nearcast/contract';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/can';
import { CourseAdmin } from '../components/course-admin';
import { CourseGrid } from '../components/course-grid';
import { CourseView } from '../components/course-view';
import { LessonView } from '../components/lesson-view';
import { useTranslation } from 'react-i18next';
import './learning.css';

const positiveId = (value: string | null): number | null => {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /learning (spec §2: super, admin, partner, studio, operator): the caller's courses, a
 * course's lessons in order, and a lesson to read or watch. Where the learner is lives in the
 * address (`?course=3&lesson=12`), so the browser's back button and a reload keep their place.
 */
export function LearningPage() {
  const { t } = useTranslation('learning');
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const courseId = positiveId(params.get('course'));
  const lessonId = positiveId(params.get('lesson'));

  if (courseId !== null && lessonId !== null) {
    return (
      <LessonView
        courseId={courseId}
        lessonId={lessonId}
        onCourse={() => setParams({ course: String(courseId) })}
        onLesson={(next) => setParams({ course: String(courseId), lesson: String(next) })}
      />
    );
  }
  if (courseId !== null) {
    return <CourseView id={courseId} onBack={() => setParams({})} onLesson={(lesson) => setParams({ course: String(courseId), lesson: String(lesson) })} />;
  }
  const grid = <CourseGrid onOpen={(id) => setParams({ course: String(id) })} />;
  if (!can(api.learn.courseAdd)) {
    return (
      <div className="learning-page">
        <PageHeader subtitle={t('courses.subtitle')} />
        {grid}
      </div>
    );
  }
  // Staff see the courses as learners do, and build them on the second tab.
  const tab = params.get('tab') === 'manage' ? 'manage' : 'courses';
  return (
    <div className="learning-page">
      <PageHeader subtitle={t(tab === 'manage' ? 'admin.subtitle' : 'courses.subtitle_staff')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'manage' ? { tab: 'manage' } : {})}
        items={[
          { key: 'courses', label: <span data-testid="learning-tab-courses">{t('tabs.courses')}</span>, children: grid },
          { key: 'manage', label: <span data-testid="learning-tab-manage">{t('tabs.manage')}</span>, children: <CourseAdmin /> },
        ]}
      />
    </div>
  );
}
