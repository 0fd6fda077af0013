import { CopyOutlined, GiftOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithNotice } from '../../../lib/clipboard';
import { notifySuccess } from '../../../lib/notify';
import { newRedemptionKey, useAddRedemption, useShortLink } from '../api/short-link';

/**
 * A post's way back (docs/decisions/083): its short link (the end card's QR code) with the
 * visits it brought, its coupon, and "Customer redeemed" — two taps, the button and its
 * confirmation — for the shop's side at the counter. Fits a 375 px phone: it wraps.
 */
export function RedeemButton({ postId }: { postId: number }) {
  const { t } = useTranslation('video');
  const link = useShortLink(postId);
  const redeem = useAddRedemption(postId);
  // One key per confirmation: a retry of the same confirmation is recorded once.
  const key = useRef<string | null>(null);

  if (link.isPending) return <Skeleton active paragraph={false} title={{ width: 200 }} />;
  // A post whose link cannot be read (an old post of a merchant without a link) simply shows none.
  if (link.isError) return null;
  const data = link.data;

  const confirm = () => {
    key.current ??= newRedemptionKey();
    return redeem.mutateAsync({ body: { post_id: postId }, idempotencyKey: key.current }).then(
      () => {
        key.current = null;
        notifySuccess(t('short_link.recorded'));
      },
      () => {
        // A refusal (already recorded, expired) is told by the error toast; a new tap starts afresh.
        key.current = null;
      },
    );
  };

  return (
    <div className="video-short-link" data-testid={`short-link-${postId}`} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, minWidth: 0 }}>
      <Typography.Text className="video-muted" style={{ maxWidth: '100%' }} ellipsis={{ tooltip: data.url }} title={data.url}>
        {data.url}
      </Typography.Text>
      <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('short_link.copy')} onClick={() => void copyWithNotice(data.url, t('short_link.copied'))} />
      <span data-testid={`short-link-visits-${postId}`}>{t('short_link.visits', { count: data.visits })}</span>
      <span data-testid={`short-link-redemptions-${postId}`}>{t('short_link.redemptions', { count: data.redemptions })}</span>
      {data.coupon_code && <Tag color="purple">{t('short_link.coupon', { code: data.coupon_code })}</Tag>}
      {data.expired ? (
        <Tag>{t('short_link.expired')}</Tag>
      ) : (
        <Popconfirm
          title={t('short_link.confirm_title')}
          description={data.coupon_code ? t('short_link.confirm_coupon', { code: data.coupon_code }) : t('short_link.confirm_plain')}
          okText={t('short_link.confirm_ok')}
          cancelText={t('short_link.confirm_cancel')}
          onConfirm={confirm}
        >
          <Button type="primary" size="middle" icon={<GiftOutlined />} loading={redeem.isPending} data-testid={`redeem-${postId}`}>
            {t('short_link.redeem')}
          </Button>
        </Popconfirm>
      )}
    </div>
  );
}
