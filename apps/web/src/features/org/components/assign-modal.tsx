import { Alert, Button, Form, Modal } from 'antd';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_Z_INDEX } from '../../../components/layers';

export interface AssignTarget {
  /** What is being assigned: a client or a studio. */
  subject: string;
  /** Its current agent, studio or operator. */
  current: string | null;
}

interface PickerRenderProps {
  value: number | null;
  onChange: (id: number | null) => void;
}

interface AssignModalProps {
  target: AssignTarget | null;
  title: string;
  fieldLabel: string;
  /** The picker, controlled by the modal. */
  picker: (props: PickerRenderProps & { onLabel: (label: string) => void }) => ReactElement;
  onAssign: (id: number) => Promise<unknown>;
  onClose: () => void;
  /** The sentence about the choice, when "X will be assigned to Y" does not fit. */
  describe?: (choice: string) => string;
  okText?: string;
}

/**
 * Choosing whom something belongs to, and confirming it in one step: the dialog says what
 * will happen ("Carmen moves from Alex to Sofia") before its OK button (`confirm-ok`) does it.
 */
export function AssignModal({ target, title, fieldLabel, picker, onAssign, onClose, describe, okText }: AssignModalProps) {
  const { t } = useTranslation('org');
  const [choice, setChoice] = useState<number | null>(null);
  const [choiceLabel, setChoiceLabel] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setChoice(null);
    setChoiceLabel('');
  }, [target]);

  const submit = async () => {
    if (choice === null) return;
    setBusy(true);
    try {
      await onAssign(choice);
      onClose();
    } catch {
      // The caller has said why; the dialog stays open for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={title}
      onCancel={() => !busy && onClose()}
      width={{ xs: '100%', sm: 520 }}
      className="nc-modal"
      zIndex={DIALOG_Z_INDEX}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={busy} data-testid="confirm-cancel">
          {t('actions.cancel')}
        </Button>,
        <Button key="ok" type="primary" disabled={choice === null} loading={busy} onClick={() => void submit()} data-testid="confirm-ok">
          {okText ?? t('actions.assign')}
        </Button>,
      ]}
    >
      {target && (
        <Form layout="vertical" requiredMark={false} component="div">
          <p className="org-assign__current">
            {target.current ? t('assign.current', { subject: target.subject, current: target.current }) : t('assign.current_none', { subject: target.subject })}
          </p>
          <Form.Item label={fieldLabel}>
            {picker({
              value: choice,
              onChange: (id) => {
                setChoice(id);
                if (id === null) setChoiceLabel('');
              },
              onLabel: setChoiceLabel,
            })}
          </Form.Item>
          {choice !== null && choiceLabel && (
            <Alert
              type="info"
              showIcon
              data-testid="assign-summary"
              title={
                describe
                  ? describe(choiceLabel)
                  : target.current
                  ? t('assign.summary_move', { subject: target.subject, from: target.current, to: choiceLabel })
                  : t('assign.summary', { subject: target.subject, to: choiceLabel })
              }
            />
          )}
        </Form>
      )}
    </Modal>
  );
}
