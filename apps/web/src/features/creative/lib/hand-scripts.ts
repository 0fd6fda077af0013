import { api, type HookStyle, type Script, type ScriptLanguage } from '@nearcast/contract';
import { useEffect, useRef } from 'react';
import { readDeskDrafts, writeDeskDrafts } from '../../../lib/storage';
import { addScript } from '../api/add-script';
import { updateScript } from '../api/review-queue';
import { DESK_SAVE_MS, type Candidate, type Desk } from './desk-seed';
import { asScriptDraft, type ScriptDraft } from './script-draft';

/**
 * A candidate written by hand: `hand` names it on the desk until the server gives it an id (the
 * options' positions move as generated ones arrive and old ones drop off).
 */
export type HandCandidate = Candidate & { hand?: number };

let lastHand = 0;

/** A new script to write by hand, not yet kept on the server. */
export function handCandidate(draft: ScriptDraft): HandCandidate {
  lastHand += 1;
  return { script: null, draft, hand: lastHand };
}

export const handOf = (candidate: Candidate | undefined): number | undefined => (candidate as HandCandidate | undefined)?.hand;

/**
 * The desks with every candidate that has no id yet (a render's script opened to edit again when
 * it was never kept) made one written by hand, so its edits are kept like any other.
 */
export function withHands<K extends string>(desks: Record<K, Desk>): Record<K, Desk> {
  const next = { ...desks };
  for (const language of Object.keys(next) as K[]) {
    const desk = next[language];
    if (desk.candidates.every((candidate) => candidate.script !== null || handOf(candidate) !== undefined)) continue;
    next[language] = { ...desk, candidates: desk.candidates.map((candidate) => (candidate.script === null && handOf(candidate) === undefined ? handCandidate(candidate.draft) : candidate)) };
  }
  return next;
}

interface Pending {
  /** The merchant and language whose desk it is on (the device's copy is kept under it). */
  scope: string;
  draft: ScriptDraft;
  timer: ReturnType<typeof setTimeout> | null;
  sending: boolean;
  kept: Script | null;
}

interface KeeperOptions {
  merchantId: number;
  language: ScriptLanguage;
  hookStyle: HookStyle | undefined;
  /** The server kept it: the candidate takes its id, so later edits go to script/update. */
  onKept: (hand: number, script: Script) => void;
  /** Edits made while it was being kept, or after: saved on the kept script. */
  save: (id: number, draft: ScriptDraft) => void;
  onError: (error: unknown) => void;
  /** Half-written scripts this device kept from an earlier visit, to put back on the desk. */
  onRestore: (candidates: HandCandidate[]) => void;
}

/**
 * Keeps scripts written by hand on the server (script/add, docs/decisions/086) a moment after the
 * typing stops, as soon as the draft is whole (the schema's rules pass; until then the editor
 * says what is missing), so they survive a reload like generated ones. One add per script:
 * edits that come while it is sent are saved on it once it has an id. Until then the device
 * keeps the half-written ones (lib/storage), and the desk gets them back on its next visit.
 */
export function useHandScriptKeeper(options: KeeperOptions) {
  const pending = useRef(new Map<number, Pending>());
  const latest = useRef(options);
  latest.current = options;
  const { merchantId, language } = options;

  /** The device's copy of a desk: its hand-written scripts the server does not keep yet. */
  const remember = (scope: string) =>
    writeDeskDrafts(
      scope,
      [...pending.current.values()].filter((entry) => entry.scope === scope && !entry.kept).map((entry) => entry.draft),
    );

  const send = (hand: number) => {
    const entry = pending.current.get(hand);
    if (!entry || entry.sending || entry.kept) return;
    const { merchantId, language, hookStyle } = latest.current;
    const parsed = api.creative.scriptAdd.request.safeParse({ merchant_id: merchantId, language, body: entry.draft, ...(hookStyle ? { hook_style: hookStyle } : {}) });
    if (!parsed.success) return;
    const sent = entry.draft;
    entry.sending = true;
    addScript(parsed.data)
      .then(async (script) => {
        entry.kept = script;
        remember(entry.scope);
        // Rendered while it was sent: the render has its words, and the desk must not keep it.
        if (pending.current.get(hand) !== entry) return void (await updateScript({ id: script.id, desk: false }));
        latest.current.onKept(hand, script);
        if (entry.draft !== sent) latest.current.save(script.id, entry.draft);
      })
      .catch((error: unknown) => latest.current.onError(error))
      .finally(() => {
        entry.sending = false;
      });
  };

  useEffect(() => {
    const scope = `${merchantId}.${language}`;
    const restored = readDeskDrafts(scope).flatMap((value) => {
      const draft = asScriptDraft(value);
      return draft ? [handCandidate(draft)] : [];
    });
    if (restored.length === 0) return;
    for (const candidate of restored) {
      const hand = handOf(candidate)!;
      pending.current.set(hand, { scope, draft: candidate.draft, timer: null, sending: false, kept: null });
      // Left whole before its save went out (the tab closed within the moment's wait): kept now.
      send(hand);
    }
    latest.current.onRestore(restored);
    // Once per desk: the sends above read the latest options through the ref.
  }, [merchantId, language]);

  useEffect(() => {
    const entries = pending.current;
    // Leaving the desk: what is still waiting is sent at once.
    return () => {
      for (const [hand, entry] of entries) {
        if (entry.timer === null) continue;
        clearTimeout(entry.timer);
        entry.timer = null;
        send(hand);
      }
    };
  }, []);

  return {
    /** The hand-written script `hand` now reads `draft`. */
    keep(hand: number, draft: ScriptDraft) {
      const scope = `${latest.current.merchantId}.${latest.current.language}`;
      const entry = pending.current.get(hand) ?? { scope, draft, timer: null, sending: false, kept: null };
      pending.current.set(hand, entry);
      entry.draft = draft;
      if (entry.kept) {
        latest.current.save(entry.kept.id, draft);
        return;
      }
      remember(entry.scope);
      if (entry.timer !== null) clearTimeout(entry.timer);
      entry.timer = setTimeout(() => {
        entry.timer = null;
        send(hand);
      }, DESK_SAVE_MS);
    },
    /** Rendered before it was kept: the render carries its words, and the desk no longer needs it. */
    forget(hand: number) {
      const entry = pending.current.get(hand);
      if (entry?.timer != null) clearTimeout(entry.timer);
      pending.current.delete(hand);
      if (entry) remember(entry.scope);
    },
  };
}
