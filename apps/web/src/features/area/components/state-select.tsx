import type { Area } from '@nearcast/contract';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStates } from '../../../api/area-list';

/** A searchable picker of the states of the tree (50 states and DC), as a form control. */
export function StateSelect(props: Omit<SelectProps<number>, 'options' | 'showSearch' | 'loading'>) {
  const { t } = useTranslation('area');
  const states = useStates();
  return (
    <Select<number>
      placeholder={t('fields.state_placeholder')}
      notFoundContent={states.isError ? t('common:states.load_failed') : undefined}
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={states.isPending}
      options={(states.data?.list ?? []).map((state: Area) => ({ value: state.id, label: state.name }))}
    />
  );
}
