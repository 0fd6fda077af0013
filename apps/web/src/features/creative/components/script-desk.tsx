import { EditOutlined, ThunderboltOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import {
  api,
  HOOK_STYLES,
  SCRIPT_GENERATE_MAX,
  SCRIPT_LANGUAGES,
  type HookStyle,
  type Render,
  type ScriptLanguage,
} from '@nearcast/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Segmented, Select, Tabs, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort } from '../../../lib/api-client';
import { failureText, isSignedOut } from '../../../lib/form-feedback';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useAddRender } from '../api/add-render';
import { useBrief } from '../api/get-brief';
import { useGenerateScripts } from '../api/generate-scripts';
import { getRender } from '../api/get-render';
import { renderKey } from '../api/render-cache';
import { useDeskScripts } from '../api/review-queue';
import { CANDIDATES_KEPT, emptyDesk, seedDesks, useDeskSaver, type Desk } from '../lib/desk-seed';
import { handCandidate, handOf, useHandScriptKeeper, withHands } from '../lib/hand-scripts';
import { useIdempotencyKey } from '../lib/idempotency-key';
import { blankScript, draftOf, estimatedSeconds, scriptIssues, tooLong, type ScriptDraft } from '../lib/script-draft';
import { ScriptEditor } from './script-editor';
import { Storyboard } from './storyboard';
import './script-desk.css';

/**
 * Where a studio writes a merchant's videos: the clips and images to cut from (shared by every
 * language), and one desk per language the brief asks for — side by side on a desktop, as tabs
 * on a phone — each generating scripts from the brief, editing one, and sending it to render.
 * The desk is kept on the server: its scripts come from script/list (desk: true), each edit
 * is saved with script/update, and one written by hand is added with script/add as soon as it
 * is whole, so a reload finds them all. `?edit=<render>` opens a render's script
 * selected in its language, to edit and render again.
 */
export function ScriptDesk({ merchantId, listable, onRendered, editId = null }: { merchantId: number; listable: boolean; onRendered: (render: Render) => void; editId?: number | null }) {
  const { t } = useTranslation('creative');
  const isPhone = useMediaQuery(PHONE_QUERY);
  const brief = useBrief(merchantId);
  const languages = brief.data && brief.data.languages.length > 0 ? SCRIPT_LANGUAGES.filter((language) => brief.data.languages.includes(language)) : [...SCRIPT_LANGUAGES];
  const [desks, setDesks] = useState<Record<ScriptLanguage, Desk>>({ en: emptyDesk(), es: emptyDesk(), zh: emptyDesk() });
  const [footage, setFootage] = useState<number[]>([]);
  const stored = useDeskScripts(merchantId);
  const editing = useQuery({ queryKey: renderKey(editId ?? 0), queryFn: ({ signal }) => getRender(editId!, signal), enabled: editId !== null });
  const seeded = useRef<string | null>(null);
  useEffect(() => {
    const key = `${merchantId}:${editId ?? ''}`;
    // Once per merchant and render edited: what the user has typed since is not replaced.
    if (seeded.current === key || !stored.data || (editId !== null && editing.isPending)) return;
    seeded.current = key;
    const render = editing.data && editing.data.merchant_id === merchantId ? editing.data : null;
    setDesks((current) => withHands(seedDesks(current, stored.data.list, render)));
    if (render && render.footage_ids.length > 0) setFootage(render.footage_ids);
  }, [merchantId, editId, stored.data, editing.isPending, editing.data]);
  const update = (language: ScriptLanguage, change: (desk: Desk) => Desk) => setDesks((current) => ({ ...current, [language]: change(current[language]) }));

  const desk = (language: ScriptLanguage) => (
    <LanguageDesk key={language} merchantId={merchantId} language={language} desk={desks[language]} update={(change) => update(language, change)} footage={footage} onRendered={onRendered} />
  );

  return (
    <div className="cr-desk" data-testid="script-desk">
      <Storyboard merchantId={merchantId} value={footage} onChange={setFootage} listable={listable} />
      {isPhone ? (
        <Tabs
          items={languages.map((language) => ({ key: language, label: <span data-testid={`desk-tab-${language}`}>{t(`language.${language}`)}</span>, children: desk(language), forceRender: true }))}
          aria-label={t('scripts.languages')}
        />
      ) : (
        <div className="cr-desk__columns">
          {languages.map(desk)}
        </div>
      )}
    </div>
  );
}

function LanguageDesk({
  merchantId,
  language,
  desk,
  update,
  footage,
  onRendered,
}: {
  merchantId: number;
  language: ScriptLanguage;
  desk: Desk;
  update: (change: (desk: Desk) => Desk) => void;
  footage: number[];
  onRendered: (render: Render) => void;
}) {
  const { t } = useTranslation('creative');
  const [count, setCount] = useState(1);
  const [hookStyle, setHookStyle] = useState<HookStyle | undefined>();
  const [queued, setQueued] = useState<Render | null>(null);
  const generate = useGenerateScripts();
  const render = useAddRender();
  const idempotency = useIdempotencyKey();
  const current = desk.candidates[desk.selected];
  const testId = `desk-${language}`;

  const fail = (message: string, error: unknown) => {
    if (isSignedOut(error) || isAbort(error)) return;
    notifyError(failureText(message, error));
  };

  const write = () =>
    generate.mutate(
      { merchant_id: merchantId, language, count, ...(hookStyle ? { hook_style: hookStyle } : {}) },
      {
        onSuccess: ({ list }) =>
          update((state) => {
            const candidates = [...state.candidates, ...list.map((script) => ({ script, draft: draftOf(script.body) }))].slice(-CANDIDATES_KEPT);
            return { candidates, selected: Math.max(0, candidates.length - list.length), tried: false };
          }),
        onError: (error) => fail(t('scripts.generate_failed'), error),
      },
    );

  const byHand = () =>
    update((state) => {
      const candidates = [...state.candidates, handCandidate(blankScript())].slice(-CANDIDATES_KEPT);
      return { candidates, selected: candidates.length - 1, tried: false };
    });

  const save = useDeskSaver((error) => fail(t('desk.save_failed'), error));
  // A script written by hand is kept on the server once it is whole; from then on it has an id.
  const hands = useHandScriptKeeper({
    merchantId,
    language,
    hookStyle,
    save,
    onError: (error) => fail(t('desk.save_failed'), error),
    onKept: (hand, script) =>
      update((state) => ({ ...state, candidates: state.candidates.map((candidate) => (handOf(candidate) === hand ? { ...candidate, script } : candidate)) })),
    onRestore: (restored) =>
      update((state) => {
        const candidates = [...state.candidates, ...restored].slice(-CANDIDATES_KEPT);
        return { ...state, candidates, selected: candidates.length - 1 };
      }),
  });
  const edit = (draft: ScriptDraft) => {
    const hand = handOf(current);
    if (current?.script) save(current.script.id, draft);
    else if (hand !== undefined) hands.keep(hand, draft);
    update((state) => ({ ...state, candidates: state.candidates.map((candidate, index) => (index === state.selected ? { ...candidate, draft } : candidate)) }));
  };

  const issues = current ? scriptIssues(current.draft) : {};
  const seconds = current ? estimatedSeconds(current.draft, language) : 0;

  const send = () => {
    if (!current) return;
    update((state) => ({ ...state, tried: true }));
    const parsed = api.creative.renderAdd.request.safeParse({
      merchant_id: merchantId,
      language,
      ...(current.script ? { script_id: current.script.id } : {}),
      script: current.draft,
      ...(footage.length > 0 ? { footage_ids: footage } : {}),
    });
    if (!parsed.success || tooLong(seconds)) return;
    const hand = current.script ? undefined : handOf(current);
    if (hand !== undefined) hands.forget(hand);
    render.mutate(
      { body: parsed.data, idempotencyKey: idempotency.keyFor(parsed.data) },
      {
        onSuccess: (made) => {
          idempotency.done();
          setQueued(made);
          notifySuccess(t('scripts.render_queued', { title: made.script.title }));
        },
        onError: (error) => fail(t('scripts.render_failed'), error),
      },
    );
  };

  const languageName = t(`language.${language}`);
  // The same name inside a sentence (Spanish writes it in lower case there).
  const inText = t(`language_in_text.${language}`);
  return (
    <section className="cr-lang" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <header className="cr-lang__head">
        <h3 id={`${testId}-title`} className="cr-subtitle">
          {languageName}
        </h3>
        {current?.script && (
          <Tag variant="outlined" className="cr-tag" data-testid={`${testId}-engine`}>
            {t(`scripts.engine_${current.script.engine}`)}
          </Tag>
        )}
      </header>
      <div className="cr-lang__generate">
        <Select<number>
          value={count}
          onChange={setCount}
          options={Array.from({ length: SCRIPT_GENERATE_MAX }, (_, index) => ({ value: index + 1, label: t('scripts.count_option', { count: index + 1 }) }))}
          aria-label={t('scripts.count', { language: inText })}
          className="cr-lang__count"
          data-testid={`${testId}-count`}
        />
        <Select<HookStyle | 'any'>
          value={hookStyle ?? 'any'}
          onChange={(value) => setHookStyle(value === 'any' ? undefined : value)}
          options={[{ value: 'any', label: t('scripts.hook_any') }, ...HOOK_STYLES.map((style) => ({ value: style, label: t(`hook_style.${style}`) }))]}
          aria-label={t('scripts.hook_style', { language: inText })}
          className="cr-lang__hook"
          popupMatchSelectWidth={false}
          data-testid={`${testId}-hook-style`}
        />
        <Button type="primary" icon={<ThunderboltOutlined />} loading={generate.isPending} onClick={write} data-testid={`${testId}-generate`}>
          {t('scripts.generate')}
        </Button>
      </div>
      {desk.candidates.length > 1 && (
        <Segmented<number>
          value={desk.selected}
          onChange={(selected) => update((state) => ({ ...state, selected, tried: false }))}
          options={desk.candidates.map((candidate, index) => ({ value: index, label: String(index + 1), title: candidate.draft.title || t('scripts.untitled') }))}
          aria-label={t('scripts.options', { language: inText })}
          className="cr-lang__options"
          data-testid={`${testId}-options`}
        />
      )}
      {current?.script?.fallback_reason && <Alert type="info" showIcon title={t('scripts.fallback', { reason: current.script.fallback_reason })} className="cr-alert" />}
      {current ? (
        <>
          <ScriptEditor language={language} value={current.draft} onChange={edit} issues={desk.tried ? issues : {}} testId={`${testId}-script`} />
          <div className="cr-lang__render">
            {desk.tried && Object.keys(issues).length > 0 && (
              <p className="cr-field-error" role="alert">
                {t('scripts.fix_first')}
              </p>
            )}
            <Button type="primary" icon={<VideoCameraAddOutlined />} block loading={render.isPending} disabled={tooLong(seconds)} onClick={send} data-testid={`${testId}-render`}>
              {t('scripts.render', { language: inText })}
            </Button>
            {queued && (
              <Alert
                type="success"
                showIcon
                className="cr-alert"
                title={t('scripts.queued_note', { title: queued.script.title })}
                action={
                  <Button size="small" type="link" onClick={() => onRendered(queued)} data-testid={`${testId}-follow`}>
                    {t('scripts.follow')}
                  </Button>
                }
              />
            )}
          </div>
        </>
      ) : (
        <div className="cr-lang__empty" data-testid={`${testId}-empty`}>
          <p className="cr-muted">{t('scripts.empty', { language: inText })}</p>
          <Button icon={<EditOutlined />} onClick={byHand} data-testid={`${testId}-by-hand`}>
            {t('scripts.by_hand')}
          </Button>
        </div>
      )}
    </section>
  );
}
