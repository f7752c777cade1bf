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
    name: [given, family].filter(Boolean).join(' ') || undefined,
    given_name: given ?? undefined,
    family_name: family ?? undefined,
  };
  try {
    const response = await globalThis.fetch(new URL('/api/auth/initialize-user', window.location.origin), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) console.warn('initialize-user failed:', await response.text().catch(() => response.statusText));
  } catch (error) {
    console.warn('initialize-user failed:', error);
  }
}
