import { EditOutlined, EyeOutlined, SettingOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { api, type Plan } from '@nearcast/contract';
import { Button, Card, Segmented } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListEmpty } from '../../../components/list-state';
import { useCan } from '../../../lib/can';
import { usePlan } from '../api/get-plan';
import { BriefForm } from '../components/brief-form';
import { DraftsBoard } from '../components/drafts-board';
import { PlanCard } from '../components/plan-card';
import { ScriptDesk } from '../components/script-desk';
import { boardDateOf, hourLabel, todayIn } from '../lib/dates';
import { downloadName } from '../lib/download-name';
import { EDIT_PARAM, useOpenInDesk } from '../lib/open-in-desk';
import './creative.css';

type View = 'drafts' | 'scripts' | 'setup';

/**
 * The production line for one merchant, inside /video: the day's drafts as a board, the script
 * desk with its storyboard, and the brief with the daily plan. Studio and staff work here;
 * an operator sees the same without a single write button. The section is in the address
 * (`?view=`), so a link or a reload lands where the user was.
 */
export function ProductionWorkspace({ merchantId }: { merchantId: number | null }) {
  const { t } = useTranslation('creative');
  const [params, setParams] = useSearchParams();
  const can = useCan();
  // Who renders writes on the production line; an operator reads what its merchants get.
  const canWrite = can(api.creative.renderAdd);
  // The material list is the material center's to answer (an admin has none).
  const listable = can(api.footage.list);
  const views: View[] = canWrite ? ['drafts', 'scripts', 'setup'] : ['drafts', 'setup'];
  const view: View = views.find((value) => value === params.get('view')) ?? 'drafts';
  const [picked, setPicked] = useState<{ merchant: number; date: string } | null>(null);
  const plan = usePlan(merchantId);
  const openInDesk = useOpenInDesk();
  const editParam = Number(params.get(EDIT_PARAM));
  const editId = Number.isInteger(editParam) && editParam > 0 ? editParam : null;
  const today = todayIn(plan.data?.time_zone);
  // A day picked for another merchant is not this one's: back to today.
  const date = picked && picked.merchant === merchantId ? picked.date : today;

  const show = (next: View) =>
    setParams(
      (current) => {
        const search = new URLSearchParams(current);
        if (next === 'drafts') search.delete('view');
        else search.set('view', next);
        return search;
      },
      { replace: true },
    );

  if (merchantId === null) return <ListEmpty title={t('workspace.pick_merchant')} body={t('workspace.pick_merchant_body')} testId="production-pick" />;

  const openDay = (day: string) => {
    setPicked({ merchant: merchantId, date: day });
    show('drafts');
  };
  const postSearch = (postId: number) => {
    const search = new URLSearchParams(params);
    search.set('post', String(postId));
    return `?${search.toString()}`;
  };

  const icons: Record<View, ReactNode> = { drafts: <VideoCameraOutlined />, scripts: <EditOutlined />, setup: <SettingOutlined /> };
  return (
    <div className="cr-workspace" data-testid="production-workspace">
      <Segmented<View>
        value={view}
        onChange={show}
        options={views.map((value) => ({ value, icon: icons[value], label: <span data-testid={`production-view-${value}`}>{t(`workspace.view_${value}`)}</span> }))}
        aria-label={t('workspace.views')}
        className="cr-workspace__views"
      />
      {!canWrite && (
        <p className="cr-muted cr-workspace__read-only" data-testid="production-read-only">
          <EyeOutlined aria-hidden="true" /> {t('workspace.read_only')}
        </p>
      )}
      {view === 'drafts' && (
        <DraftsBoard
          merchantId={merchantId}
          date={date}
          onDateChange={openDay}
          today={today}
          canAct={canWrite}
          timeZone={plan.data?.time_zone}
          onEdit={canWrite ? (render) => void openInDesk(render) : undefined}
          downloadName={(render, all) => downloadName(render, all, plan.data?.time_zone)}
          planHint={<PlanHint plan={plan.data} onOpen={() => show('setup')} />}
          postLink={(postId) => (
            <Link to={{ search: postSearch(postId) }} className="cr-render__post" data-testid="render-post">
              {t('board.open_post')}
            </Link>
          )}
        />
      )}
      {view === 'scripts' && canWrite && <ScriptDesk key={merchantId} merchantId={merchantId} editId={editId} listable={listable} onRendered={(render) => openDay(boardDateOf(render, plan.data?.time_zone))} />}
      {view === 'setup' && (
        <div className="cr-setup">
          <PlanCard merchantId={merchantId} editable={canWrite} onRan={openDay} />
          <Card title={t('brief.title')} className="cr-card" data-testid="brief-card">
            <BriefForm merchantId={merchantId} editable={canWrite} listable={listable} />
          </Card>
        </div>
      )}
    </div>
  );
}

/** What an empty day says about the daily plan, and the way to it. */
function PlanHint({ plan, onOpen }: { plan: Plan | undefined; onOpen: () => void }) {
  const { t } = useTranslation('creative');
  let text = t('board.plan_unknown');
  if (plan?.enabled) text = t('board.plan_on', { count: plan.per_day, hour: hourLabel(plan.run_hour), zone: plan.time_zone });
  else if (plan) text = t('board.plan_off');
  return (
    <div className="cr-plan-hint" data-testid="board-plan-hint">
      <p className="cr-muted">{text}</p>
      <Button onClick={onOpen} data-testid="board-open-plan">
        {t('board.open_plan')}
      </Button>
    </div>
  );
}
