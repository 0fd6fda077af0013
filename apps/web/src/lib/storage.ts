import { type CurrentUser, DEFAULT_LANGUAGE, isLanguage, type Language, type Role, roleOf } from '@nearcast/contract';

/**
 * Everything the browser keeps between visits (spec §3: "the user and the token are stored
 * locally"). One module owns the keys so a sign-out can never forget one of them.
 */
const KEYS = {
  token: 'nearcast.token',
  user: 'nearcast.user',
  role: 'nearcast.role',
  language: 'nearcast.language',
  consent: 'nearcast.cookie-consent',
} as const;

export type CookieConsent = 'accepted' | 'rejected';

// Private browsing modes and the node test runner have no usable localStorage: reads then see
// nothing and writes are dropped, instead of breaking the page.
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    const s = store();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Quota or privacy errors: the value simply is not remembered.
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Lets React (useSyncExternalStore) and the router follow session changes. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(): void {
  cachedUser = undefined;
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  const token = read(KEYS.token);
  return token && token.length > 0 ? token : null;
}

let cachedUser: CurrentUser | null | undefined;

/** The stored user, parsed once per change so React sees a stable snapshot. */
export function getStoredUser(): CurrentUser | null {
  if (cachedUser !== undefined) return cachedUser;
  const raw = read(KEYS.user);
  let user: CurrentUser | null = null;
  if (raw) {
    try {
      user = JSON.parse(raw) as CurrentUser;
    } catch {
      user = null;
    }
  }
  cachedUser = user;
  return user;
}

export function getStoredRole(): Role | null {
  const user = getStoredUser();
  return user ? roleOf(user.account_type) : null;
}

/** Stores what a sign-in or a verification answered: the token, the user and its role. */
export function saveSession(token: string, user: CurrentUser): void {
  write(KEYS.token, token);
  write(KEYS.user, JSON.stringify(user));
  write(KEYS.role, roleOf(user.account_type));
  emit();
}

/** Keeps the token, refreshes the user (after a profile update, for instance). */
export function saveUser(user: CurrentUser): void {
  write(KEYS.user, JSON.stringify(user));
  write(KEYS.role, roleOf(user.account_type));
  emit();
}

export function clearSession(): void {
  write(KEYS.token, null);
  write(KEYS.user, null);
  write(KEYS.role, null);
  clearDeskDrafts();
  emit();
}

/** Where unfinished desk scripts are kept: one key per merchant and language under this prefix. */
const DESK_PREFIX = 'nearcast.desk-drafts.';

/**
 * Scripts written by hand on a merchant's desk that are not whole yet, so the server cannot keep
 * them (it keeps a script once the contract's rules pass): this device keeps them until then, so
 * a reload or a closed tab does not lose half a script. They are a merchant's words, so signing
 * out forgets them with the session.
 */
export function readDeskDrafts(scope: string): unknown[] {
  const stored = read(DESK_PREFIX + scope);
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

export function writeDeskDrafts(scope: string, drafts: readonly unknown[]): void {
  write(DESK_PREFIX + scope, drafts.length === 0 ? null : JSON.stringify(drafts));
}

function clearDeskDrafts(): void {
  const s = store();
  if (!s) return;
  try {
    const keys = Array.from({ length: s.length }, (_, index) => s.key(index)).filter((key): key is string => key?.startsWith(DESK_PREFIX) === true);
    for (const key of keys) s.removeItem(key);
  } catch {
    // Nothing kept that could be read: nothing to forget.
  }
}

/** The stored language, or the default one when nothing (or something unknown) is stored. */
export function getLanguage(): Language {
  const stored = read(KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The language the visitor chose, or null when it never chose one (a first visit follows its browser). */
export function storedLanguage(): Language | null {
  const stored = read(KEYS.language);
  return isLanguage(stored) ? stored : null;
}

export function saveLanguage(language: Language): void {
  write(KEYS.language, language);
}

export function getCookieConsent(): CookieConsent | null {
  const stored = read(KEYS.consent);
  return stored === 'accepted' || stored === 'rejected' ? stored : null;
}

export function saveCookieConsent(choice: CookieConsent): void {
  write(KEYS.consent, choice);
}
