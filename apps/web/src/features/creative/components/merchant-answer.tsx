import { CheckCircleOutlined, MessageOutlined } from '@ant-design/icons';
import type { Render } from '@nearcast/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';

/** What the merchant answered about the post an approved draft became; null before it answered. */
export function merchantAnswerOf(render: Render): Render['merchant_answer'] {
  return render.merchant_answer ?? null;
}

/** The merchant's answer on a draft's card, in its own words: the studio sees at once what to fix. */
export function MerchantAnswerNote({ render }: { render: Render }) {
  const { t } = useTranslation('creative');
  const answer = merchantAnswerOf(render);
  if (!answer) return null;
  const changes = answer.state === 'changes_requested';
  return (
    <div className={`cr-answer cr-answer--${answer.state}`} data-testid="render-merchant-answer" data-answer={answer.state}>
      <p className="cr-answer__head">
        {changes ? <MessageOutlined aria-hidden="true" /> : <CheckCircleOutlined aria-hidden="true" />} {t(changes ? 'card.answer_changes' : 'card.answer_approved')}
        <span className="cr-muted"> · {formatDate(answer.time)}</span>
      </p>
      {answer.note && <blockquote className="cr-answer__note">{answer.note}</blockquote>}
    </div>
  );
}
