import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentList } from '../../../api/content-list';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export interface PickedLesson {
  content_id: number;
  title: string;
}

/**
 * A course's lessons in order: articles picked by title (with or without a video), moved up
 * and down, or taken out. The order here is the order learners follow.
 */
export function LessonPicker({ value = [], onChange }: { value?: PickedLesson[]; onChange?: (value: PickedLesson[]) => void }) {
  const { t } = useTranslation('learning');
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const articles = useContentList({ type: 'article', page: 1, page_size: 20, ...(keyword ? { keyword } : {}) });
  const taken = new Set(value.map((lesson) => lesson.content_id));
  const options = (articles.data?.list ?? [])
    .filter((row) => !taken.has(row.id))
    .map((row) => ({ value: row.id, label: `${row.title} · ${t(`common:language.${row.language}`)}` }));

  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [lesson] = next.splice(index, 1);
    next.splice(index + by, 0, lesson!);
    onChange?.(next);
  };

  return (
    <div className="learning-picker">
      {value.length > 0 && (
        <ol className="learning-picker__list" data-testid="course-lessons">
          {value.map((lesson, index) => (
            <li key={lesson.content_id} className="learning-picker__item">
              <span className="learning-picker__number">{index + 1}</span>
              <span className="learning-picker__title" title={lesson.title}>{lesson.title}</span>
              <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, -1)} aria-label={t('admin.move_up', { title: lesson.title })} />
              <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={index === value.length - 1} onClick={() => move(index, 1)} aria-label={t('admin.move_down', { title: lesson.title })} />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={() => onChange?.(value.filter((other) => other.content_id !== lesson.content_id))}
                aria-label={t('admin.remove_lesson', { title: lesson.title })}
              />
            </li>
          ))}
        </ol>
      )}
      <Select<number>
        showSearch
        filterOption={false}
        value={null as unknown as number}
        onSearch={setSearch}
        onChange={(id) => {
          const row = articles.data?.list.find((article) => article.id === id);
          if (row) onChange?.([...value, { content_id: row.id, title: row.title }]);
          setSearch('');
        }}
        options={options}
        loading={articles.isFetching}
        placeholder={t('admin.add_lesson')}
        notFoundContent={articles.isPending ? t('common:states.loading') : t('admin.no_articles')}
        className="learning-picker__add"
        data-testid="course-lesson-add"
      />
    </div>
  );
}
