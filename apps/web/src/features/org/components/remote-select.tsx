import type { AgentType } from '@nearcast/contract';
import { Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgents } from '../api/list-agents';
import { useOperators } from '../api/list-operators';
import { useStudios } from '../api/list-studios';
import { displayName } from './display';

const PICKER_SIZE = 50;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface Option {
  id: number;
  email: string;
  title: string;
  detail: string;
}

interface PickerProps {
  /** Form.Item passes these two in when the picker is a form field. */
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** Told the chosen entry's name, for a sentence about the choice. */
  onLabel?: (label: string) => void;
  placeholder: string;
  testId: string;
  /** The current choice's name, shown before the list has loaded it. */
  currentLabel?: string | null;
  excludeId?: number;
  allowClear?: boolean;
  className?: string;
  disabled?: boolean;
}

function PickerSelect({
  options,
  loading,
  onSearch,
  value,
  onChange,
  onLabel,
  placeholder,
  testId,
  currentLabel,
  excludeId,
  allowClear = true,
  className,
  disabled,
}: PickerProps & { options: Option[]; loading: boolean; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation('org');
  // Names already seen, so the chosen one keeps its label while another search is shown.
  const known = useRef(new Map<number, string>());
  for (const option of options) known.current.set(option.id, option.title);

  const items = useMemo(() => {
    const list = options
      .filter((option) => option.id !== excludeId)
      .map((option) => ({
        value: option.id,
        title: option.title,
        label: (
          <span className="org-option" data-testid={`option-${option.email}`}>
            <span className="org-option__title">{option.title}</span>
            {option.detail && <span className="org-option__detail">{option.detail}</span>}
          </span>
        ),
      }));
    if (value != null && !list.some((item) => item.value === value)) {
      const title = known.current.get(value) ?? currentLabel ?? `#${value}`;
      list.unshift({ value, title, label: <span className="org-option__title">{title}</span> });
    }
    return list;
  }, [options, excludeId, value, currentLabel]);

  return (
    <Select<number>
      className={className}
      showSearch={{ filterOption: false, onSearch }}
      allowClear={allowClear}
      placeholder={placeholder}
      aria-label={placeholder}
      value={value ?? undefined}
      onChange={(next) => {
        onChange?.(next ?? null);
        if (next != null) onLabel?.(known.current.get(next) ?? '');
      }}
      options={items}
      optionLabelProp="title"
      loading={loading}
      notFoundContent={loading ? t('states.loading') : t('pickers.none')}
      disabled={disabled}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}

/** Agents the caller manages (/v1/proxy/list), searched on the server as the user types. */
export function AgentSelect({ agentType, ...props }: PickerProps & { agentType?: AgentType }) {
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const agents = useAgents({ page: 1, page_size: PICKER_SIZE, keyword: search || undefined, agent_type: agentType });
  const options = (agents.data?.list ?? []).map((agent) => ({
    id: agent.id,
    email: agent.email,
    title: displayName(agent),
    detail: [agent.company_short_name, agent.agent_no].filter(Boolean).join(' · ') || agent.email,
  }));
  return <PickerSelect {...props} options={options} loading={agents.isFetching} onSearch={setKeyword} />;
}

/** Studios the caller manages (/v1/studio/list). */
export function StudioSelect(props: PickerProps) {
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const studios = useStudios({ page: 1, page_size: PICKER_SIZE, keyword: search || undefined });
  const options = (studios.data?.list ?? []).map((studio) => ({
    id: studio.id,
    email: studio.email,
    title: displayName(studio),
    detail: studio.company_short_name || studio.email,
  }));
  return <PickerSelect {...props} options={options} loading={studios.isFetching} onSearch={setKeyword} />;
}

/** Operators the caller manages (/v1/operator/list). */
export function OperatorSelect(props: PickerProps) {
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const operators = useOperators({ page: 1, page_size: PICKER_SIZE, keyword: search || undefined });
  const options = (operators.data?.list ?? []).map((operator) => ({
    id: operator.id,
    email: operator.email,
    title: operator.name,
    detail: operator.email,
  }));
  return <PickerSelect {...props} options={options} loading={operators.isFetching} onSearch={setKeyword} />;
}
