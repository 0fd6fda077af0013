import { api, COURSE_ROLES, LANGUAGES, type CourseRole, type CourseSummary, type Language } from '@nearcast/contract';
import { Checkbox, Form, Input, Select, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormModal } from '../../../components/form-modal';
import { zodFieldErrors } from '../../../lib/form-errors';
import { applyFieldErrors, recheckFields, showServerError } from '../../../lib/form-feedback';
import { currentLanguage } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useCourseDetail } from '../api/course-detail';
import { useSaveCourse, type CourseSave } from '../api/course-admin';
import { LessonPicker, type PickedLesson } from './lesson-picker';

interface CourseFormValues {
  code: string;
  title: string;
  description: string;
  language: Language;
  open_roles: CourseRole[];
  lessons: PickedLesson[];
}

const FIELD_OF: Record<string, keyof CourseFormValues> = { lesson_content_ids: 'lessons' };

/** Builds or edits a course from existing articles (spec §1 learning center; staff only). */
export function CourseFormModal({ open, editing, onClose }: { open: boolean; editing: CourseSummary | null; onClose: () => void }) {
  const { t } = useTranslation('learning');
  const [form] = Form.useForm<CourseFormValues>();
  const detail = useCourseDetail(open && editing ? editing.id : null);
  const save = useSaveCourse();
  const loading = !!editing && detail.isPending;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!editing) {
      form.setFieldsValue({ code: '', title: '', description: '', language: currentLanguage(), open_roles: [], lessons: [] });
    } else if (detail.data) {
      const course = detail.data;
      form.setFieldsValue({
        code: course.code,
        title: course.title,
        description: course.description,
        language: course.language,
        open_roles: course.open_roles,
        lessons: course.lessons.map((lesson) => ({ content_id: lesson.content_id, title: lesson.title })),
      });
    }
  }, [open, editing, detail.data, form]);

  const submit = (values: CourseFormValues) => {
    const fields = {
      code: values.code,
      title: values.title,
      description: values.description ?? '',
      language: values.language,
      open_roles: values.open_roles ?? [],
      lesson_content_ids: (values.lessons ?? []).map((lesson) => lesson.content_id),
    };
    const request: CourseSave = editing ? { kind: 'update', body: { id: editing.id, ...fields } } : { kind: 'add', body: fields };
    const schema: z.ZodType = editing ? api.learn.courseUpdate.request : api.learn.courseAdd.request;
    const result = schema.safeParse(request.body);
    if (!result.success) {
      const errors = zodFieldErrors(result.error);
      applyFieldErrors(form, Object.fromEntries(Object.entries(errors).map(([field, message]) => [FIELD_OF[field] ?? field, message])));
      return;
    }
    save.mutate(request, {
      onSuccess: () => {
        notifySuccess(t(editing ? 'feedback.updated' : 'feedback.created'));
        onClose();
      },
      onError: (error) => showServerError(form, error, { fallback: t(editing ? 'feedback.submit_failed' : 'feedback.create_failed'), conflictField: 'code' }),
    });
  };

  return (
    <FormModal
      open={open}
      title={editing ? t('admin.edit_title', { title: editing.title }) : t('admin.create_title')}
      form={form}
      onClose={onClose}
      loading={save.isPending}
      okText={editing ? t('admin.save') : t('admin.create')}
      submitTestId="course-submit"
      width={640}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form<CourseFormValues> form={form} layout="vertical" onFinish={submit} onValuesChange={(changed) => recheckFields(form, changed)} data-testid="course-form" requiredMark="optional">
          <Form.Item name="title" label={t('admin.fields.title')} required>
            <Input maxLength={200} data-testid="course-title" />
          </Form.Item>
          <Form.Item name="code" label={t('admin.fields.code')} required extra={t('admin.code_hint')}>
            <Input maxLength={60} placeholder="studio-starter" data-testid="course-code" />
          </Form.Item>
          <Form.Item name="description" label={t('admin.fields.description')}>
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="course-description" />
          </Form.Item>
          <Form.Item name="language" label={t('admin.fields.language')}>
            <Select<Language> options={LANGUAGES.map((language) => ({ value: language, label: t(`common:language.${language}`) }))} data-testid="course-language" />
          </Form.Item>
          <Form.Item name="open_roles" label={t('admin.fields.open_roles')} extra={t('admin.open_roles_hint')}>
            <Checkbox.Group options={COURSE_ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))} />
          </Form.Item>
          <Form.Item name="lessons" label={t('admin.fields.lessons')}>
            <LessonPicker />
          </Form.Item>
        </Form>
      )}
    </FormModal>
  );
}
