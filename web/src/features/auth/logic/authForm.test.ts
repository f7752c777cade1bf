import { ApiError } from '@/api/client';
import { authErrorMessage, authModalAllowed, hasErrors, signupBody, validateAuthFields } from './authForm';

const fields = { email: 'ada@example.com', password: 'correct horse', givenName: '', familyName: '' };

describe('validateAuthFields', () => {
  it('accepts a valid signup', () => {
    expect(hasErrors(validateAuthFields('signup', fields))).toBe(false);
  });
  it('rejects a bad email and a short password on signup', () => {
    const errors = validateAuthFields('signup', { ...fields, email: 'nope', password: 'short' });
    expect(errors.email).toBe('Please enter a valid email address');
    expect(errors.password).toBe('Password must be at least 8 characters');
  });
  it('rejects a password of only spaces on signup', () => {
    expect(validateAuthFields('signup', { ...fields, password: '        ' }).password).toBe('Password must not be only spaces');
  });
  it('only requires a password on signin', () => {
    expect(validateAuthFields('signin', { ...fields, password: 'x' })).toEqual({});
    expect(validateAuthFields('signin', { ...fields, password: '' }).password).toBeTruthy();
  });
});

describe('authErrorMessage', () => {
  it('shows the server message, including rate limiting', () => {
    expect(authErrorMessage(new ApiError('Too many attempts, try again later', 429, 'rate_limited'), 'signin')).toBe('Too many attempts, try again later');
  });
  it("shows the server's refusal of a common password", () => {
    const refusal = 'This password is too common. Please choose one that is harder to guess';
    expect(authErrorMessage(new ApiError(refusal, 400, 'validation_error'), 'signup')).toBe(refusal);
  });
  it('explains network failures', () => {
    expect(authErrorMessage(new ApiError('x', 0, 'network_error'), 'signup')).toMatch(/reach the server/);
  });
});

describe('signupBody', () => {
  it('sends names only when given', () => {
    expect(signupBody(fields)).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(signupBody({ ...fields, givenName: ' Ada ', familyName: 'Lovelace' })).toMatchObject({ given_name: 'Ada', family_name: 'Lovelace' });
  });
});

describe('authModalAllowed', () => {
  it('is true only under /create', () => {
    expect(authModalAllowed('/create')).toBe(true);
    expect(authModalAllowed('/create/abc')).toBe(true);
    expect(authModalAllowed('/pricing')).toBe(false);
    expect(authModalAllowed('/')).toBe(false);
  });
});
