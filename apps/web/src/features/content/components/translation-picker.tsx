import type { ContentType } from '@nearcast/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useContentList } from '../../../api/content-list';

interface TranslationPickerProps {
  type: ContentType;
  /** The item being edited, never its own translation. */
  exclude: number | null;
  value?: number | null;
  onChange?: (value: number | null) => void;
}

/** Picks the item this one translates (same type), searched by title as the editor types. */
export function TranslationPicker({ type, exclude, value, onChange }: TranslationPickerProps) {
  const { t } = useTranslation('content');
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search.trim(), 300);
  const list = useContentList({ type, page: 1, page_size: 20, ...(keyword ? { keyword } : {}) });
  const options = (list.data?.list ?? [])
    .filter((row) => row.id !== exclude)
    .map((row) => ({ value: row.id, label: `${row.title} · ${t(`common:language.${row.language}`)}` }));
  return (
    <Select<number>
      allowClear
      showSearch
      filterOption={false}
      onSearch={setSearch}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      loading={list.isFetching}
      placeholder={t('editor.translation_of_placeholder')}
      notFoundContent={list.isPending ? t('common:states.loading') : t('editor.translation_none')}
      data-testid="content-translation-of"
    />
  );
}
