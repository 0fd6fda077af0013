import { ExperimentOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { TARGET_COLORS, type VideoTarget } from '../lib/platforms';

/**
 * A platform's name with its colour dot. The embedded stand-in always carries its "Sandbox" tag
 * (and says on hover that nothing is posted anywhere), and an assisted platform says it is posted
 * by hand, wherever either appears.
 */
export function PlatformLabel({ platform, sandbox = false, assisted = false }: { platform: string; sandbox?: boolean; assisted?: boolean }) {
  const { t } = useTranslation('video');
  const color = TARGET_COLORS[platform as VideoTarget] ?? 'var(--nc-muted)';
  return (
    <span className="video-platform" data-testid="video-platform" data-platform={platform} data-sandbox={sandbox || platform === 'sandbox' ? 'true' : undefined}>
      <span className="video-platform__dot" style={{ background: color }} aria-hidden="true" />
      <span className="video-platform__name">{t(`platform.${platform}`, { defaultValue: platform })}</span>
      {(sandbox || platform === 'sandbox') && <SandboxTag />}
      {assisted && (
        <Tooltip title={t('mode.assisted_hint')}>
          <Tag variant="outlined" className="video-tag" data-testid="video-assisted" tabIndex={0}>
            {t('mode.assisted')}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}

export function SandboxTag() {
  const { t } = useTranslation('video');
  return (
    <Tooltip title={t('sandbox.hint')}>
      <Tag icon={<ExperimentOutlined />} color="purple" variant="outlined" className="video-tag" data-testid="video-sandbox" tabIndex={0}>
        {t('sandbox.tag')}
      </Tag>
    </Tooltip>
  );
}
