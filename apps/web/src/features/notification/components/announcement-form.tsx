import { ANNOUNCEMENT_ROLES, LANGUAGES, type Announcement, type Language } from '@nearcast/contract';
import { Button, Checkbox, DatePicker, Drawer, Input, Radio, Switch, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { translateMessage } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useSaveAnnouncement } from '../api/save-announcement';
import { checkDraft, draftOf, emptyDraft, type AnnouncementDraft, type DraftErrors } from '../lib/announcement-form';

interface AnnouncementFormProps {
  open: boolean;
  /** A scheduled announcement to change, or null for a new one. */
  editing: Announcement | null;
  onClose: () => void;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <div className="nc-announce__error" id={id} role="alert" data-testid={`error-${id}`}>
      {message}
    </div>
  );
}

/**
 * Writes an announcement: title and message in up to three languages, who receives it (roles),
 * whether it is marketing, and now or at a time. Problems show under their fields in the
 * reader's language, whether the form or the server found them.
 */
export function AnnouncementForm({ open, editing, onClose }: AnnouncementFormProps) {
  const { t } = useTranslation('notification');
  // The tabs name each language in its own words; a sentence of the form names it in the
  // reader's ('Título en inglés', not 'Título en English').
  const languageName = (code: Language) => t(`announcements.form.language_name.${code}`);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const save = useSaveAnnouncement();
  const [draft, setDraft] = useState<AnnouncementDraft>(emptyDraft);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [language, setLanguage] = useState<Language>('en-US');

  useEffect(() => {
    if (!open) return;
    setDraft(editing ? draftOf(editing) : emptyDraft());
    setErrors({});
    setLanguage('en-US');
  }, [open, editing]);

  const message = (key: string | undefined) => (key ? (key.startsWith('form.') ? t(`announcements.${key}`) : translateMessage(key)) : undefined);
  const change = (next: Partial<AnnouncementDraft>, fields: string[]) => {
    setDraft((current) => ({ ...current, ...next }));
    setErrors((current) => {
      const rest = { ...current };
      for (const field of fields) delete rest[field];
      // Filling one language's pair settles "at least one language" too.
      if (fields.some((field) => field.startsWith('title.') || field.startsWith('body.'))) delete rest.title;
      return rest;
    });
  };
  const setText = (kind: 'title' | 'body', code: Language, value: string) =>
    change({ [kind]: { ...draft[kind], [code]: value } }, [`title.${code}`, `body.${code}`]);

  const submit = () => {
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors).find((field) => /^(title|body)\.[a-z]{2}-[A-Z]{2}$/.test(field));
      if (first) setLanguage(first.split('.')[1] as Language);
      return;
    }
    const body = editing ? { id: editing.id, ...checked.body } : checked.body;
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(t(editing ? 'announcements.feedback.updated' : saved.status === 'sent' ? 'announcements.feedback.sent' : 'announcements.feedback.scheduled'));
        onClose();
      },
      onError: (error) => {
        if (isSignedOut(error)) return;
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          setErrors(error.fields);
          return;
        }
        notifyError(failureText(t(editing ? 'announcements.feedback.update_failed' : 'announcements.feedback.failed'), error));
      },
    });
  };

  const filled = (code: Language) => !!(draft.title[code].trim() || draft.body[code].trim());
  const wrong = (code: Language) => !!(errors[`title.${code}`] || errors[`body.${code}`]);
  const okText = editing ? t('announcements.actions.save') : draft.when === 'now' ? t('announcements.actions.send') : t('announcements.actions.schedule');

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={editing ? t('announcements.edit') : t('announcements.new')}
      size={isPhone ? '100%' : 640}
      destroyOnHidden
      className="nc-announce"
      footer={
        <div className="nc-announce__footer">
          <Button onClick={onClose} data-testid="announcement-cancel">
            {t('announcements.actions.cancel')}
          </Button>
          <Button type="primary" onClick={submit} loading={save.isPending} data-testid="announcement-submit">
            {okText}
          </Button>
        </div>
      }
    >
      <form
        className="nc-announce__form"
        data-testid="announcement-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <section className="nc-announce__section">
          <p className="nc-announce__hint">{t('announcements.form.languages_hint')}</p>
          <Tabs
            activeKey={language}
            onChange={(next) => setLanguage(next as Language)}
            items={LANGUAGES.map((code) => ({
              key: code,
              label: (
                <span data-testid={`announcement-lang-${code}`} className={wrong(code) ? 'nc-announce__lang nc-announce__lang--wrong' : 'nc-announce__lang'}>
                  {t(`common:language.${code}`)}
                  {filled(code) && <span className="nc-announce__filled" aria-hidden="true" />}
                </span>
              ),
              children: (
                <div className="nc-announce__texts">
                  <label className="nc-announce__label" htmlFor={`announcement-title-${code}`}>
                    {t('announcements.fields.title')}
                  </label>
                  <Input
                    id={`announcement-title-${code}`}
                    value={draft.title[code]}
                    onChange={(event) => setText('title', code, event.target.value)}
                    placeholder={t('announcements.form.title_placeholder', { language: languageName(code) })}
                    maxLength={120}
                    status={errors[`title.${code}`] ? 'error' : undefined}
                    aria-describedby={errors[`title.${code}`] ? `title-${code}` : undefined}
                    data-testid={`announcement-title-${code}`}
                  />
                  <FieldError id={`title-${code}`} message={message(errors[`title.${code}`])} />
                  <label className="nc-announce__label" htmlFor={`announcement-body-${code}`}>
                    {t('announcements.fields.body')}
                  </label>
                  <Input.TextArea
                    id={`announcement-body-${code}`}
                    value={draft.body[code]}
                    onChange={(event) => setText('body', code, event.target.value)}
                    placeholder={t('announcements.form.body_placeholder', { language: languageName(code) })}
                    autoSize={{ minRows: 4, maxRows: 10 }}
                    maxLength={5000}
                    status={errors[`body.${code}`] ? 'error' : undefined}
                    aria-describedby={errors[`body.${code}`] ? `body-${code}` : undefined}
                    data-testid={`announcement-body-${code}`}
                  />
                  <FieldError id={`body-${code}`} message={message(errors[`body.${code}`])} />
                </div>
              ),
            }))}
          />
          <FieldError id="title" message={message(errors.title)} />
        </section>

        <section className="nc-announce__section">
          <h3 className="nc-announce__heading" id="announcement-audience-label">
            {t('announcements.fields.audience')}
          </h3>
          <p className="nc-announce__hint">{t('announcements.form.audience_hint')}</p>
          <Checkbox.Group
            aria-labelledby="announcement-audience-label"
            value={draft.audience}
            onChange={(values) => change({ audience: values }, ['audience'])}
            options={ANNOUNCEMENT_ROLES.map((role) => ({
              value: role,
              label: <span data-testid={`announcement-audience-${role}`}>{t(`common:roles.${role}`)}</span>,
            }))}
            className="nc-announce__roles"
          />
          <FieldError id="audience" message={message(errors.audience)} />
        </section>

        <section className="nc-announce__section nc-announce__row">
          <div>
            <h3 className="nc-announce__heading" id="announcement-marketing-label">
              {t('announcements.fields.marketing')}
            </h3>
            <p className="nc-announce__hint">{t('announcements.form.marketing_hint')}</p>
          </div>
          <Switch
            checked={draft.marketing}
            onChange={(marketing) => change({ marketing }, ['marketing'])}
            aria-labelledby="announcement-marketing-label"
            data-testid="announcement-marketing"
          />
        </section>

        <section className="nc-announce__section">
          <h3 className="nc-announce__heading" id="announcement-when-label">
            {t('announcements.form.when')}
          </h3>
          <Radio.Group
            aria-labelledby="announcement-when-label"
            value={draft.when}
            onChange={(event) => change({ when: event.target.value as AnnouncementDraft['when'] }, ['send_time'])}
            optionType="button"
            options={[
              { value: 'now', label: <span data-testid="announcement-now">{t('announcements.form.now')}</span> },
              { value: 'later', label: <span data-testid="announcement-later">{t('announcements.form.later')}</span> },
            ]}
          />
          {draft.when === 'later' && (
            <div className="nc-announce__time">
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY/MM/DD HH:mm"
                value={draft.sendTime}
                onChange={(sendTime) => change({ sendTime }, ['send_time'])}
                disabledDate={(day) => day.isBefore(dayjs(), 'day')}
                placeholder={t('announcements.form.send_time_placeholder')}
                status={errors.send_time ? 'error' : undefined}
                aria-label={t('announcements.fields.send_time')}
                data-testid="announcement-send-time"
              />
              <FieldError id="send_time" message={message(errors.send_time)} />
            </div>
          )}
        </section>
        {errors._form && <FieldError id="_form" message={message(errors._form)} />}
      </form>
    </Drawer>
  );
}
