import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/list-state';
import { PageHeader } from '../../../components/page-header';
import { RichBody } from '../../../components/rich-body';
import { ApiError } from '../../../lib/api-client';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLesson } from '../api/lesson';
import { saveProgress, saveProgressOnExit, useSaveProgress } from '../api/save-progress';
import { resumeAt, shouldSave, type SavedPosition } from '../lib/position-saver';

interface LessonViewProps {
  courseId: number;
  lessonId: number;
  onCourse: () => void;
  onLesson: (lessonId: number) => void;
}

/**
 * One lesson: the article to read or the video to watch, the learner's place in the video kept
 * as it plays (and resumed next time), and "mark as complete", which a finished video does by
 * itself.
 */
export function LessonView({ courseId, lessonId, onCourse, onLesson }: LessonViewProps) {
  const { t } = useTranslation('learning');
  const lesson = useLesson(courseId, lessonId);
  const complete = useSaveProgress();
  const [completed, setCompleted] = useState(false);

  useEffect(() => setCompleted(false), [lessonId]);

  const back = (
    <Button type="link" icon={<ArrowLeftOutlined />} onClick={onCourse} className="learning-back" data-testid="lesson-back">
      {t('actions.back_to_course')}
    </Button>
  );

  if (lesson.isPending) {
    return (
      <div className="learning-page">
        <PageHeader subtitle={back} />
        <Card>
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </div>
    );
  }
  if (lesson.isError) {
    const missing = lesson.error instanceof ApiError && lesson.error.code === '404';
    return (
      <div className="learning-page">
        <PageHeader subtitle={back} />
        <LoadFailed error={lesson.error} title={missing ? t('lesson.missing') : undefined} onRetry={() => void lesson.refetch()} testId="lesson-failed" />
      </div>
    );
  }

  const { item, previous_lesson_id: previous, next_lesson_id: next } = lesson.data;
  const done = completed || lesson.data.lesson.progress.completed;

  const markComplete = () =>
    complete.mutate(
      { course_id: courseId, lesson_id: lessonId, completed: true },
      {
        onSuccess: (answer) => {
          setCompleted(true);
          notifySuccess(answer.course.completed ? t('feedback.course_completed') : t('feedback.lesson_completed'));
        },
        onError: (error) => {
          if (!isSignedOut(error)) notifyError(failureText(t('feedback.save_failed'), error));
        },
      },
    );

  return (
    <div className="learning-page">
      <PageHeader
        title={item.title}
        subtitle={
          <span className="learning-lesson-head">
            {back}
            <span className="learning-muted">{t('lesson.position', { number: lesson.data.lesson.position })}</span>
            {done && (
              <Tag color="success" data-testid="lesson-done">
                {t('lesson_state.completed')}
              </Tag>
            )}
          </span>
        }
      />
      <Card className="learning-reader" data-testid="lesson-view">
        <article lang={item.language}>
          {item.video_url && (
            <LessonVideo
              key={item.id}
              src={item.video_url}
              courseId={courseId}
              lessonId={lessonId}
              savedSeconds={lesson.data.lesson.progress.position_seconds}
              onEnded={() => {
                if (!done) markComplete();
              }}
            />
          )}
          {item.excerpt && <p className="learning-reader__excerpt">{item.excerpt}</p>}
          <RichBody html={item.body_html} testId="lesson-body" />
        </article>
        <div className="learning-reader__actions">
          <Button icon={<ArrowLeftOutlined />} disabled={previous === null} onClick={() => previous !== null && onLesson(previous)} data-testid="lesson-previous">
            {t('actions.previous')}
          </Button>
          {done ? (
            <span className="learning-reader__done">
              <CheckOutlined /> {t('lesson.done')}
            </span>
          ) : (
            <Button type="primary" icon={<CheckOutlined />} loading={complete.isPending} onClick={markComplete} data-testid="lesson-complete">
              {t('actions.complete')}
            </Button>
          )}
          {next !== null ? (
            <Button onClick={() => onLesson(next)} data-testid="lesson-next">
              {t('actions.next')} <ArrowRightOutlined />
            </Button>
          ) : (
            <Button onClick={onCourse} data-testid="lesson-finish">
              {t('actions.back_to_course')}
            </Button>
          )}
        </div>
      </Card>
    </div>
  );
}

interface LessonVideoProps {
  src: string;
  courseId: number;
  lessonId: number;
  savedSeconds: number;
  onEnded: () => void;
}

/** The lesson's video, resumed where the learner stopped, its position saved as it plays. */
function LessonVideo({ src, courseId, lessonId, savedSeconds, onEnded }: LessonVideoProps) {
  const { t } = useTranslation('learning');
  const video = useRef<HTMLVideoElement>(null);
  const last = useRef<SavedPosition | null>(savedSeconds > 0 ? { seconds: savedSeconds, atMs: Date.now() } : null);

  const save = (force: boolean) => {
    const element = video.current;
    if (!element) return;
    const seconds = element.currentTime;
    if (!shouldSave(last.current, seconds, Date.now(), force)) return;
    last.current = { seconds: Math.floor(seconds), atMs: Date.now() };
    // A lost save is made good by the next one; the learner is not interrupted for it.
    saveProgress({ course_id: courseId, lesson_id: lessonId, position_seconds: Math.floor(seconds) }).catch(() => undefined);
  };

  // Leaving the lesson, or the page, keeps the last position.
  useEffect(() => {
    const element = video.current;
    const onHide = () => {
      if (!element || element.currentTime <= 0) return;
      const seconds = Math.floor(element.currentTime);
      if (last.current?.seconds === seconds) return;
      last.current = { seconds, atMs: Date.now() };
      saveProgressOnExit({ course_id: courseId, lesson_id: lessonId, position_seconds: seconds });
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      onHide();
    };
  }, [courseId, lessonId]);

  return (
    <video
      ref={video}
      className="learning-video"
      src={src}
      controls
      playsInline
      preload="metadata"
      aria-label={t('lesson.video')}
      data-testid="lesson-video"
      onLoadedMetadata={(event) => {
        const element = event.currentTarget;
        const start = resumeAt(savedSeconds, element.duration);
        if (start > 0) element.currentTime = start;
      }}
      onTimeUpdate={() => save(false)}
      onPause={() => save(true)}
      onSeeked={() => save(true)}
      onEnded={() => {
        save(true);
        onEnded();
      }}
    />
  );
}
