import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteButtonProps {
  /** The question (spec §8: 'Are you sure you want to delete?'). */
  title: string;
  /** What is being deleted, under the question. */
  description: ReactNode;
  /** The OK button's and the button's own label. */
  okText: string;
  /** Shown beside the icon; left out on narrow rows. */
  label?: ReactNode;
  ariaLabel: string;
  testId: string;
  /** Runs on OK; the OK button waits for it. Reporting success or failure is the caller's. */
  onConfirm: () => Promise<unknown>;
}

/** A small danger button behind a confirmation, the same on every list that deletes. */
export function ConfirmDeleteButton({ title, description, okText, label, ariaLabel, testId, onConfirm }: ConfirmDeleteButtonProps) {
  const { t } = useTranslation('common');
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'confirm-cancel' } as ButtonProps}
      onConfirm={onConfirm}
      placement="topRight"
    >
      <Button danger type="text" size="small" icon={<DeleteOutlined />} data-testid={testId} aria-label={ariaLabel} title={ariaLabel}>
        {label}
      </Button>
    </Popconfirm>
  );
}
