import { CopyOutlined, DownloadOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { captionForPlatform, postText, VIDEO_METRICS, type VideoPost, type VideoPublishJob } from '@nearcast/contract';
import { Button, Form, Input, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithNotice } from '../../../lib/clipboard';
import { currentLanguage } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format-date';
import { showServerError } from '../../../lib/form-feedback';
import { notifySuccess } from '../../../lib/notify';
import { useVideoUrl } from '../api/get-video-url';
import { useLinkJob, useRetryJob } from '../api/post-actions';
import { formatMetric } from '../lib/metrics';
import { byTargetOrder } from '../lib/platforms';
import { PlatformLabel } from './platform-tag';
import { JobStateTag } from './status-tags';
import './post-detail.css';

/** Each platform's job of a post: its state in the spec's words, its link, its reason, its numbers. */
export function JobList({ post, canAct }: { post: VideoPost; canAct: boolean }) {
  return (
    <ul className="video-jobs" data-testid="video-jobs">
      {byTargetOrder(post.jobs, (job) => job.platform).map((job) => (
        <JobRow key={job.id} post={post} job={job} canAct={canAct} />
      ))}
    </ul>
  );
}

function JobRow({ post, job, canAct }: { post: VideoPost; job: VideoPublishJob; canAct: boolean }) {
  const { t } = useTranslation('video');
  const language = currentLanguage();
  const retry = useRetryJob();
  const platformName = t(`platform.${job.platform}`);
  const waitingForLink = job.mode === 'assisted' && !job.url && job.state !== 'failed';
  return (
    <li className="video-job" data-testid={`job-${job.platform}`} data-state={job.state}>
      <div className="video-job__head">
        <PlatformLabel platform={job.platform} sandbox={job.sandbox} assisted={job.mode === 'assisted'} />
        <JobStateTag state={job.state} reason={job.reason} />
        {job.private_only && (
          <Tooltip title={t('job.private_only_hint')}>
            <Tag color="warning" className="video-tag" tabIndex={0} data-testid="job-private-only">
              {t('job.private_only')}
            </Tag>
          </Tooltip>
        )}
        {job.url && (
          <a href={job.url} target="_blank" rel="noreferrer" className="video-job__link" data-testid="job-url">
            <ExportOutlined /> {t('job.view', { platform: platformName })}
          </a>
        )}
      </div>
      <JobCaption post={post} job={job} />
      {job.state === 'failed' && job.reason && <p className="video-job__reason">{t('job.reason', { reason: job.reason })}</p>}
      {job.deferred_reason && job.run_after && (
        <p className="video-muted">
          {job.deferred_reason} · {formatDate(job.run_after)}
        </p>
      )}
      <dl className="video-job__metrics" data-testid="job-metrics">
        {VIDEO_METRICS.map((metric) => (
          <div key={metric} className="video-job__metric">
            <dt>{t(`metric.${metric}`)}</dt>
            <dd title={job.metrics[metric] === null ? t('metric.not_available_hint') : undefined} data-testid={`job-${metric}`}>
              {formatMetric(job.metrics[metric], language, t('metric.not_available'))}
            </dd>
          </div>
        ))}
      </dl>
      {canAct && (job.state === 'failed' || job.state === 'unknown') && (
        <Button size="small" icon={<ReloadOutlined />} loading={retry.isPending} onClick={() => retry.mutate(job.id)} data-testid="job-retry">
          {t('job.retry')}
        </Button>
      )}
      {canAct && waitingForLink && (
        <>
          <HandOff post={post} job={job} platformName={platformName} />
          <PasteLink jobId={job.id} />
        </>
      )}
    </li>
  );
}

/** What this platform gets with the video: its own caption when the post has one, else the caption in the job's language. */
function captionOf(post: VideoPost, job: VideoPublishJob) {
  return captionForPlatform(post.captions, post.platform_captions, job.platform, job.language);
}

/**
 * The words this platform's post carries, as the engine sends them (the title when no caption
 * has words), and whether they were written for this platform or are the language's caption.
 */
function JobCaption({ post, job }: { post: VideoPost; job: VideoPublishJob }) {
  const { t } = useTranslation('video');
  const caption = captionOf(post, job);
  const own = caption !== undefined && 'platform' in caption;
  const text = caption?.caption || post.title;
  const hashtags = caption?.hashtags ?? [];
  return (
    <div className="video-job__caption" data-testid="job-caption" data-own={own}>
      <Tag className="video-tag">{own ? t('job.caption_own') : t('job.caption_language', { language: t(`language.${job.language}`) })}</Tag>
      <p className="video-detail__caption">{text}</p>
      {hashtags.length > 0 && <p className="video-detail__hashtags">{hashtags.map((tag) => `#${tag}`).join(' ')}</p>}
    </div>
  );
}

/**
 * A platform posted by hand: what the person posting needs, the video file and the platform's
 * caption with its hashtags, exactly as the engine would have sent them.
 */
function HandOff({ post, job, platformName }: { post: VideoPost; job: VideoPublishJob; platformName: string }) {
  const { t } = useTranslation('video');
  const file = useVideoUrl(post.id);
  const caption = captionOf(post, job);
  return (
    <div className="video-job__handoff" data-testid="job-handoff">
      <p className="video-muted">{t('job.by_hand', { platform: platformName })}</p>
      <div className="video-job__handoff-actions">
        <Button size="small" icon={<DownloadOutlined />} href={file.data?.url} download disabled={!file.data} loading={file.isPending} data-testid="job-download">
          {t('job.download')}
        </Button>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copyWithNotice(postText(caption, post.title), t('job.caption_copied'))} data-testid="job-copy-caption">
          {t('job.copy_caption')}
        </Button>
      </div>
    </div>
  );
}

/** An assisted platform: the person who posted by hand pastes the post's link here. */
function PasteLink({ jobId }: { jobId: number }) {
  const { t } = useTranslation('video');
  const [form] = Form.useForm<{ url: string }>();
  const link = useLinkJob();
  return (
    <Form
      form={form}
      layout="inline"
      className="video-job__paste"
      onFinish={(values) =>
        link.mutate(
          { id: jobId, url: values.url ?? '' },
          { onSuccess: () => notifySuccess(t('job.paste_link_saved')), onError: (error) => showServerError(form, error) },
        )
      }
    >
      <Form.Item name="url" label={t('job.paste_link')}>
        <Input placeholder={t('job.paste_link_placeholder')} data-testid="job-link-input" />
      </Form.Item>
      <Button htmlType="submit" loading={link.isPending} data-testid="job-link-save">
        {t('job.paste_link_save')}
      </Button>
    </Form>
  );
}
