import { api, EMAIL_CODE_RESEND_SECONDS, type EmailCodeScene } from '@nearcast/contract';
import { Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { translateMessage } from '../../../lib/i18n';
import { useSendCode } from '../api/send-code';
import { showServerError, validateWith } from '../../../lib/form-feedback';

/** Seconds left before another code may be requested; ticks down once a second. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/**
 * Mails a code to the form's email (spec §5), then locks itself for 60 seconds
 * (EMAIL_CODE_RESEND_SECONDS, or what the server says) so codes are not requested in a loop.
 */
export function SendCodeButton({ form, scene, testId }: { form: FormInstance; scene: EmailCodeScene; testId: string }) {
  const { t } = useTranslation('auth');
  const send = useSendCode();
  const [left, startCountdown] = useCountdown();

  const onClick = () => {
    const body = validateWith(api.base.send.request, { email: form.getFieldValue('email') ?? '', scene }, form);
    if (!body) return;
    send.mutate(body, {
      onSuccess: (data) => {
        startCountdown(data?.resend_after_seconds || EMAIL_CODE_RESEND_SECONDS);
        notifySuccess(translateMessage('auth.code_sent'));
      },
      onError: (error) => showServerError(form, error, { fallback: t('code.send_failed') }),
    });
  };

  return (
    <Button onClick={onClick} loading={send.isPending} disabled={left > 0} className="signin__send" data-testid={testId}>
      {left > 0 ? t('code.resend_in', { seconds: left }) : t('code.send')}
    </Button>
  );
}
