import { ApiError } from '@/api/client';

export type AuthMode = 'signup' | 'signin';

export interface AuthFields {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
}

export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 256;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AuthFieldErrors {
  email?: string;
  password?: string;
}

/**
 * Client-side checks mirroring the server's length and whitespace rules; the server stays the
 * judge (it also refuses the most common passwords, and its message is shown as it is).
 */
export function validateAuthFields(mode: AuthMode, fields: AuthFields): AuthFieldErrors {
  const errors: AuthFieldErrors = {};
  if (!EMAIL_PATTERN.test(fields.email.trim())) errors.email = 'Please enter a valid email address';
  if (mode === 'signup') {
    if (fields.password.length < PASSWORD_MIN_CHARS) errors.password = `Password must be at least ${PASSWORD_MIN_CHARS} characters`;
    else if (fields.password.length > PASSWORD_MAX_CHARS) errors.password = `Password must be at most ${PASSWORD_MAX_CHARS} characters`;
    else if (fields.password.trim() === '') errors.password = 'Password must not be only spaces';
  } else if (fields.password === '') {
    errors.password = 'Please enter your password';
  }
  return errors;
}

export function hasErrors(errors: AuthFieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** The text shown inline for a failed signup or signin. */
export function authErrorMessage(error: unknown, mode: AuthMode): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'Could not reach the server. Check your connection and try again.';
    if (error.message) return error.message;
  }
  return mode === 'signup' ? 'Failed to create your account' : 'Failed to sign in';
}

/** The signup request body: optional names are sent only when given. */
export function signupBody(fields: AuthFields) {
  const body: { email: string; password: string; given_name?: string; family_name?: string } = {
    email: fields.email.trim(),
    password: fields.password,
  };
  if (fields.givenName.trim()) body.given_name = fields.givenName.trim();
  if (fields.familyName.trim()) body.family_name = fields.familyName.trim();
  return body;
}

/** The auth modal is allowed only on paths starting with /create. */
export function authModalAllowed(pathname: string): boolean {
  return pathname.startsWith('/create');
}
