import { BookOutlined } from '@ant-design/icons';
import type { CourseSummary } from '@nearcast/contract';
import { Button, Card, Progress, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListEmpty, LoadFailed } from '../../../components/list-state';
import { useMyCourses } from '../api/my-courses';
import { currentLanguage } from '../../../lib/i18n';

export const percentDone = (course: Pick<CourseSummary, 'progress'>) =>
  course.progress.total_lessons === 0 ? 0 : Math.round((course.progress.completed_lessons / course.progress.total_lessons) * 100);

/** The caller's courses as cards: what each is, why the caller has it, and how far along it is. */
export function CourseGrid({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('learning');
  const courses = useMyCourses(currentLanguage());

  if (courses.isPending) {
    return (
      <div className="learning-grid" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Card key={index}>
            <Skeleton active paragraph={{ rows: 3 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (courses.isError) return <LoadFailed error={courses.error} onRetry={() => void courses.refetch()} testId="courses-failed" />;
  if (courses.data.list.length === 0) return <ListEmpty title={t('courses.empty')} body={t('courses.empty_body')} testId="courses-empty" />;

  return (
    <div className="learning-grid" data-testid="course-grid">
      {courses.data.list.map((course) => {
        const { progress } = course;
        const action = progress.completed ? 'review' : progress.started ? 'continue' : 'start';
        return (
          <Card
            key={course.id}
            className="learning-card"
            cover={
              course.cover_url ? (
                <img src={course.cover_url} alt="" className="learning-card__cover" loading="lazy" />
              ) : (
                <div className="learning-card__cover learning-card__cover--none" aria-hidden="true">
                  <BookOutlined />
                </div>
              )
            }
            data-testid={`course-${course.code}`}
          >
            <div className="learning-card__tags">
              <Tag>{t(`common:language.${course.language}`)}</Tag>
              <Tag color={course.access === 'package' ? 'purple' : course.access === 'role' ? 'cyan' : 'default'}>{t(`access.${course.access}`)}</Tag>
            </div>
            <h2 className="learning-card__title">{course.title}</h2>
            {course.description && <p className="learning-card__body">{course.description}</p>}
            <Progress
              percent={percentDone(course)}
              size="small"
              status={progress.completed ? 'success' : 'normal'}
              aria-label={t('progress.label')}
              data-testid="course-progress"
            />
            <p className="learning-card__count" data-testid="course-count">
              {t('progress.lessons', { done: progress.completed_lessons, count: progress.total_lessons })}
            </p>
            <Button type={action === 'review' ? 'default' : 'primary'} block onClick={() => onOpen(course.id)} data-testid="course-open">
              {t(`actions.${action}`)}
            </Button>
          </Card>
        );
      })}
    </div>
  );
}
