import { DownloadOutlined, QrcodeOutlined } from '@ant-design/icons';
import { QR_SIZES } from '@nearcast/contract';
import { Button, Card, Form, Input, Radio } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { DEFAULT_QR_SIZE, linkProblem, QR_TEXT_MAX, qrFileName, type QrSize } from '../lib/qr';
import '../../../components/surface.css';

interface Generated {
  text: string;
  size: QrSize;
}

/**
 * Spec §2 "Promotion tool: a QR code generator and a download", §9 sizes 128/256/512 px, §5 the
 * link is required and the code must be generated before the download. The PNG is exactly the
 * chosen size; the preview only scales it on screen.
 */
export function QrCard({ defaultLink, code }: { defaultLink: string; code: string }) {
  const { t } = useTranslation('promotion');
  const [text, setText] = useState(defaultLink);
  const [size, setSize] = useState<QrSize>(DEFAULT_QR_SIZE);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [busy, setBusy] = useState<'generate' | 'download' | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  // A change to what would be encoded makes the shown code out of date: it must be generated again.
  const edit = (next: Partial<Generated>) => {
    setGenerated(null);
    if (next.text !== undefined) {
      setText(next.text);
      setLinkError(null);
    }
    if (next.size !== undefined) setSize(next.size);
  };

  const generate = async () => {
    const problem = linkProblem(text);
    if (problem) {
      setLinkError(t(problem, { max: QR_TEXT_MAX }));
      return;
    }
    const target = canvas.current;
    if (!target) return;
    setBusy('generate');
    try {
      const { drawQr } = await import('../lib/render-qr');
      await drawQr(target, text.trim(), size);
      setGenerated({ text: text.trim(), size });
    } catch {
      setGenerated(null);
      notifyError(t('qr.generate_failed'));
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    if (!generated || !canvas.current) {
      notifyError(t('qr.generate_first'));
      return;
    }
    setBusy('download');
    try {
      const { downloadCanvas } = await import('../lib/render-qr');
      await downloadCanvas(canvas.current, qrFileName(code, generated.size));
      notifySuccess(t('qr.downloaded'));
    } catch {
      notifyError(t('qr.download_failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="promo-card" title={<span className="nc-card-title"><QrcodeOutlined /> {t('qr.title')}</span>}>
      <div className="promo-qr">
        <Form layout="vertical" requiredMark={false} className="promo-qr__form" onFinish={() => void generate()} noValidate>
          {/* Not a named form field (the card keeps its own state), so antd ties no label to it: htmlFor does. */}
          <Form.Item
            label={t('qr.link')}
            htmlFor="promo-qr-link"
            validateStatus={linkError ? 'error' : undefined}
            help={linkError ?? undefined}
            extra={t('qr.link_hint')}
          >
            <Input.TextArea
              id="promo-qr-link"
              value={text}
              onChange={(event) => edit({ text: event.target.value })}
              autoSize={{ minRows: 2, maxRows: 4 }}
              maxLength={QR_TEXT_MAX}
              data-testid="qr-link"
            />
          </Form.Item>
          <Form.Item label={t('qr.size')}>
            <Radio.Group
              value={size}
              onChange={(event) => edit({ size: event.target.value as QrSize })}
              optionType="button"
              buttonStyle="solid"
              className="promo-qr__sizes"
            >
              {QR_SIZES.map((option) => (
                <Radio.Button key={option} value={option}>
                  <span data-testid={`qr-size-${option}`}>{t('qr.px', { size: option })}</span>
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <div className="promo-qr__actions">
            <Button type="primary" htmlType="submit" icon={<QrcodeOutlined />} loading={busy === 'generate'} data-testid="qr-generate">
              {t('qr.generate')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download()}
              loading={busy === 'download'}
              className={generated ? undefined : 'promo-qr__download--waiting'}
              data-testid="qr-download"
            >
              {t('qr.download')}
            </Button>
          </div>
        </Form>
        <figure className="promo-qr__preview" data-testid="qr-preview" data-generated={generated ? 'true' : 'false'} data-size={generated?.size ?? ''}>
          <div className="promo-qr__frame" style={{ width: `min(100%, ${Math.min(size, 256)}px)` }}>
            <canvas
              ref={canvas}
              className="promo-qr__canvas"
              hidden={!generated}
              role="img"
              aria-label={generated ? t('qr.alt', { link: generated.text }) : undefined}
              data-testid="qr-canvas"
            />
            {!generated && (
              <div className="promo-qr__placeholder">
                <QrcodeOutlined />
                <span>{t('qr.placeholder')}</span>
              </div>
            )}
          </div>
          <figcaption className="promo-qr__caption">
            {generated ? t('qr.ready', { size: generated.size }) : t('qr.will_be', { size })}
          </figcaption>
        </figure>
      </div>
    </Card>
  );
}
