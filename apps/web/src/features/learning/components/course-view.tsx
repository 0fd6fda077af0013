import { ArrowLeftOutlined, CheckCircleFilled, FileTextOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Card, Progress, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useCourseDetail } from '../api/course-detail';
import { percentDone } from './course-grid';

/** One course: its lessons in order, each with the learner's state, and where to go on from. */
export function CourseView({ id, onBack, onLesson }: { id: number; onBack: () => void; onLesson: (lessonId: number) => void }) {
  const { t } = useTranslation('learning');
  const course = useCourseDetail(id);
  const back = (
    <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="learning-back" data-testid="learning-back">
      {t('actions.all_courses')}
    </Button>
  );

  if (course.isPending) {
    return (
      <div className="learning-page">
        <PageHeader subtitle={back} />
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  }
  if (course.isError) {
    const missing = course.error instanceof ApiError && course.error.code === '404';
    return (
      <div className="learning-page">
        <PageHeader subtitle={back} />
        <LoadFailed error={course.error} title={missing ? t('course.missing') : undefined} onRetry={() => void course.refetch()} testId="course-failed" />
      </div>
    );
  }

  const detail = course.data;
  const { progress } = detail;
  return (
    <div className="learning-page">
      <PageHeader
        title={detail.title}
        subtitle={back}
        extra={
          progress.next_lesson_id !== null && (
            <Button type="primary" onClick={() => onLesson(progress.next_lesson_id!)} data-testid="course-continue">
              {t(progress.started ? 'actions.continue' : 'actions.start')}
            </Button>
          )
        }
      />
      <Card className="learning-course" data-testid="course-view">
        {detail.description && <p className="learning-course__description">{detail.description}</p>}
        <div className="learning-course__progress">
          <Progress percent={percentDone(detail)} status={progress.completed ? 'success' : 'normal'} aria-label={t('progress.label')} />
          <span data-testid="course-view-count">{t('progress.lessons', { done: progress.completed_lessons, count: progress.total_lessons })}</span>
        </div>
        {detail.lessons.length === 0 ? (
          <p className="learning-muted">{t('course.no_lessons')}</p>
        ) : (
          <ol className="learning-lessons">
            {detail.lessons.map((lesson, index) => {
              const state = lesson.progress.completed ? 'completed' : lesson.progress.started ? 'started' : 'new';
              return (
                <li key={lesson.id}>
                  <button
                    type="button"
                    className={`learning-lesson learning-lesson--${state}`}
                    onClick={() => onLesson(lesson.id)}
                    data-testid={`lesson-${index + 1}`}
                    data-state={state}
                  >
                    <span className="learning-lesson__number" aria-hidden="true">
                      {state === 'completed' ? <CheckCircleFilled /> : index + 1}
                    </span>
                    <span className="learning-lesson__text">
                      <span className="learning-lesson__title">{lesson.title}</span>
                      {lesson.excerpt && <span className="learning-lesson__excerpt">{lesson.excerpt}</span>}
                    </span>
                    <span className="learning-lesson__meta">
                      {lesson.kind === 'video' ? <PlayCircleOutlined aria-hidden="true" /> : <FileTextOutlined aria-hidden="true" />}
                      <span>{t(`lesson_state.${state}`)}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </Card>
    </div>
  );
}
