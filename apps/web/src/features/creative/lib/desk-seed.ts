import { api, type Render, type Script, type ScriptLanguage } from '@nearcast/contract';
import { useEffect, useRef } from 'react';
import { updateScript } from '../api/review-queue';
import { draftOf, type ScriptDraft } from './script-draft';

export interface Candidate {
  /** The script as the server keeps it (its id); null for one written by hand and not yet rendered. */
  script: Script | null;
  draft: ScriptDraft;
}

export interface Desk {
  candidates: Candidate[];
  selected: number;
  /** The user has tried to render: the schema's messages show beside their fields from now on. */
  tried: boolean;
}

export const emptyDesk = (): Desk => ({ candidates: [], selected: 0, tried: false });

/** The options a language keeps on screen; older ones drop off as new ones arrive. */
export const CANDIDATES_KEPT = 10;

/**
 * The desks as the server left them: each language's scripts still on the desk, oldest first,
 * the newest selected; and, when the desk opens to edit a render again, that render's script
 * (as it was rendered) selected in its language.
 */
export function seedDesks(current: Record<ScriptLanguage, Desk>, scripts: readonly Script[], editing: Render | null): Record<ScriptLanguage, Desk> {
  const next = { ...current };
  for (const language of Object.keys(next) as ScriptLanguage[]) {
    const desk = next[language];
    const known = new Set(desk.candidates.flatMap((candidate) => (candidate.script ? [candidate.script.id] : [])));
    const stored = scripts
      .filter((script) => script.language === language && !known.has(script.id))
      .sort((a, b) => a.create_time.localeCompare(b.create_time) || a.id - b.id)
      .map((script) => ({ script, draft: draftOf(script.body) }));
    const candidates = [...stored, ...desk.candidates].slice(-CANDIDATES_KEPT);
    next[language] = { ...desk, candidates, selected: Math.max(0, candidates.length - 1) };
  }
  if (editing) {
    const desk = next[editing.language];
    const draft = draftOf(editing.script);
    const at = editing.script_id === null ? -1 : desk.candidates.findIndex((candidate) => candidate.script?.id === editing.script_id);
    if (at >= 0) {
      next[editing.language] = { ...desk, candidates: desk.candidates.map((candidate, index) => (index === at ? { ...candidate, draft } : candidate)), selected: at };
    } else {
      const candidates = [...desk.candidates, { script: null, draft }].slice(-CANDIDATES_KEPT);
      next[editing.language] = { ...desk, candidates, selected: candidates.length - 1 };
    }
  }
  return next;
}

/** How long the desk waits after the last keystroke before it saves. */
export const DESK_SAVE_MS = 600;

/**
 * Saves a desk script's edits on the server (script/update) a moment after the typing stops,
 * so a reload or another device finds them. A body the schema refuses is not sent (the editor
 * shows why); what is still waiting when the desk closes is sent at once.
 */
export function useDeskSaver(onError: (error: unknown) => void) {
  const timers = useRef(new Map<number, { timer: ReturnType<typeof setTimeout>; draft: ScriptDraft }>());
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const send = (id: number, draft: ScriptDraft) => {
    const parsed = api.creative.scriptUpdate.request.safeParse({ id, body: draft });
    if (parsed.success) updateScript(parsed.data).catch((error: unknown) => onErrorRef.current(error));
  };

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const [id, entry] of pending) {
        clearTimeout(entry.timer);
        send(id, entry.draft);
      }
      pending.clear();
    };
  }, []);

  return (id: number, draft: ScriptDraft) => {
    const known = timers.current.get(id);
    if (known) clearTimeout(known.timer);
    const timer = setTimeout(() => {
      timers.current.delete(id);
      send(id, draft);
    }, DESK_SAVE_MS);
    timers.current.set(id, { timer, draft });
  };
}
