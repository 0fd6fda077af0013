import { WarningOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useCourseChoices } from '../api/course-choices';
import { courseOptions } from '../lib/course-options';

interface CoursePickerProps {
  id?: string;
  value?: string;
  onChange?: (code: string) => void;
}

/**
 * The package's learning course as a form field: a course picked by title, stored as its code
 * (what grants the course to whoever buys the package). Empty is "no course".
 */
export function CoursePicker({ id, value, onChange }: CoursePickerProps) {
  const { t } = useTranslation('pricing');
  const courses = useCourseChoices();
  const language = currentLanguage();
  const options = useMemo(() => courseOptions(courses.data?.list ?? [], value, language), [courses.data, value, language]);
  // Only the current value can be missing.
  const missing = options.some((option) => option.missing);
  return (
    <>
      <Select
        id={id}
        showSearch
        allowClear
        value={value?.trim() ? value : undefined}
        onChange={(code?: string) => onChange?.(code ?? '')}
        loading={courses.isPending}
        placeholder={t('course_picker.none')}
        optionFilterProp="label"
        status={missing ? 'warning' : undefined}
        notFoundContent={courses.isError ? t('course_picker.failed') : t('course_picker.empty')}
        options={options.map((option) => ({
          value: option.code,
          label: option.missing
            ? t('course_picker.missing_option', { code: option.code })
            : t(`course_picker.option_${option.status ?? 'published'}`, { title: option.title, code: option.code }),
        }))}
        data-testid="price-course"
      />
      {missing && (
        <p className="pricing-course-missing" role="status" data-testid="price-course-missing">
          <WarningOutlined aria-hidden="true" /> {t('course_picker.missing', { code: value?.trim() })}
        </p>
      )}
    </>
  );
}
