import type { Tx } from '../../db/client.js';
import type { DomainEvent, Subscriber } from '../events/service.js';
import * as repo from './repository.js';

/**
 * The merchant's answer on a post, kept on the draft the post was made from (docs/decisions/075):
 * the studio's card shows it with the merchant's words. Fed by the video module's events, never
 * by reading its tables; a delivery made twice writes the same answer, and an answer older than
 * the one kept changes nothing.
 */
export function merchantAnswerSubscriber(): Subscriber {
  const keep = (state: 'approved' | 'changes_requested') => async (event: DomainEvent<'video.approval_given' | 'video.changes_requested'>, tx: Tx) => {
    await repo.recordMerchantAnswer(tx, event.payload.post_id, { state, note: event.payload.comment ?? '', at: event.createdAt });
  };
  return {
    name: 'creative.merchant-answer',
    handlers: {
      'video.approval_given': keep('approved'),
      'video.changes_requested': keep('changes_requested'),
    },
  };
}
