import type { CurrentUser, Role } from '@nearcast/contract';
import { roleOf } from '@nearcast/contract';
import { useSyncExternalStore } from 'react';
import { getStoredUser, getToken, subscribeSession } from './storage';

export interface Session {
  token: string | null;
  user: CurrentUser | null;
  role: Role | null;
}

let snapshot: Session | undefined;

function readSnapshot(): Session {
  const token = getToken();
  const user = getStoredUser();
  if (!snapshot || snapshot.token !== token || snapshot.user !== user) {
    snapshot = { token, user, role: user ? roleOf(user.account_type) : null };
  }
  return snapshot;
}

const SIGNED_OUT: Session = { token: null, user: null, role: null };

/**
 * The stored session, re-rendering when a sign-in, a verification or a sign-out changes it.
 * The prerendered landing page is drawn signed out, so hydration starts from that and then
 * shows the stored session.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, readSnapshot, () => SIGNED_OUT);
}
