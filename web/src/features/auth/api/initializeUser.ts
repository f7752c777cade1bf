import { api } from '@/api/client';
import type { User } from '@/api/types';

/** Session storage: the user already initialised in this browsing session. */
const INITIALIZED_KEY = 'studio:user-initialized';

/**
 * POST /api/auth/initialize-user, once per browsing session after login: the profile the server keeps
 * for the user. A failure is only logged.
 */
export async function initializeUserOnce(user: User): Promise<void> {
  try {
    if (window.sessionStorage.getItem(INITIALIZED_KEY) === user.id) return;
    window.sessionStorage.setItem(INITIALIZED_KEY, user.id);
  } catch {
    // Without session storage it runs on every page load, which the server accepts (idempotent).
  }
  const given = user.given_name ?? null;
  const family = user.family_name ?? null;
  const body = {
    sub: user.id,
    email: user.email,
    name: [given, family].filter(Boolean).join(' ') || null,
    given_name: given,
    family_name: family,
    picture: user.picture ?? null,
  };
  try {
    const { error, response } = await api.POST('/api/auth/initialize-user', { body });
    if (!response.ok) console.warn('initialize-user failed:', response.status, JSON.stringify(error));
  } catch (error) {
    console.warn('initialize-user failed:', error);
  }
}
