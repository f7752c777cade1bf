import * as Tabs from '@radix-ui/react-tabs';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Modal } from '@/components/ui/Modal';
import { Spinner } from '@/components/ui/Spinner';
import { storageKeys, writeString } from '@/lib/storage';
import { useSignin } from '../api/signin';
import { useSignup } from '../api/signup';
import { authErrorMessage, authModalAllowed, hasErrors, signupBody, validateAuthFields, type AuthFieldErrors, type AuthMode } from '../logic/authForm';

export interface AuthModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialMode?: AuthMode;
}

const emptyFields = { email: '', password: '', givenName: '', familyName: '' };

/** Sign up / sign in dialog. Shown only on paths starting with /create. */
export function AuthModal({ open, onOpenChange, initialMode = 'signup' }: AuthModalProps) {
  const location = useLocation();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [fields, setFields] = useState(emptyFields);
  const [fieldErrors, setFieldErrors] = useState<AuthFieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const signup = useSignup();
  const signin = useSignin();
  const busy = signup.isPending || signin.isPending;

  const update = (name: keyof typeof emptyFields) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setFields((current) => ({ ...current, [name]: value }));
    if (name === 'email' || name === 'password') setFieldErrors((current) => ({ ...current, [name]: undefined }));
    setServerError(null);
  };

  const switchMode = (next: string) => {
    setMode(next === 'signin' ? 'signin' : 'signup');
    setFieldErrors({});
    setServerError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const errors = validateAuthFields(mode, fields);
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    setServerError(null);
    try {
      if (mode === 'signup') {
        writeString(storageKeys.signupPending, '1');
        await signup.mutateAsync(signupBody(fields));
      } else await signin.mutateAsync({ email: fields.email.trim(), password: fields.password });
      setFields(emptyFields);
      onOpenChange(false);
    } catch (error) {
      if (mode === 'signup') writeString(storageKeys.signupPending, null);
      setServerError(authErrorMessage(error, mode));
    }
  };

  const allowed = authModalAllowed(location.pathname);

  return (
    <Modal
      open={open && allowed}
      onOpenChange={onOpenChange}
      title={mode === 'signup' ? 'Create your free account' : 'Welcome back'}
      description={mode === 'signup' ? 'Sign up to start creating marketing images and videos for your products.' : 'Sign in to continue to your campaigns.'}
    >
      <Tabs.Root value={mode} onValueChange={switchMode}>
        <Tabs.List aria-label="Sign up or sign in" className="mb-5 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger
            value="signup"
            className="h-9 rounded-md text-sm font-medium text-slate-600 transition data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
          >
            Sign up
          </Tabs.Trigger>
          <Tabs.Trigger
            value="signin"
            className="h-9 rounded-md text-sm font-medium text-slate-600 transition data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
          >
            Sign in
          </Tabs.Trigger>
        </Tabs.List>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {mode === 'signup' ? (
            <div className="grid grid-cols-2 gap-3">
              <Field label="First name" autoComplete="given-name" value={fields.givenName} onChange={update('givenName')} maxLength={120} />
              <Field label="Last name" autoComplete="family-name" value={fields.familyName} onChange={update('familyName')} maxLength={120} />
            </div>
          ) : null}
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            value={fields.email}
            onChange={update('email')}
            error={fieldErrors.email}
            required
          />
          <Field
            label="Password"
            type="password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            placeholder={mode === 'signup' ? 'At least 8 characters' : 'Your password'}
            value={fields.password}
            onChange={update('password')}
            error={fieldErrors.password}
            required
          />
          {serverError ? (
            <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700 ring-1 ring-rose-200">
              {serverError}
            </p>
          ) : null}
          <Button type="submit" size="lg" className="mt-1 w-full justify-center" disabled={busy}>
            {busy ? <Spinner /> : null}
            {mode === 'signup' ? 'Create account' : 'Sign in'}
          </Button>
          <p className="text-center text-sm text-slate-500">
            {mode === 'signup' ? 'Already have an account? ' : 'New to Campaign Studio? '}
            <button
              type="button"
              className="font-medium text-brand-600 hover:text-brand-700"
              onClick={() => switchMode(mode === 'signup' ? 'signin' : 'signup')}
            >
              {mode === 'signup' ? 'Sign in' : 'Sign up'}
            </button>
          </p>
        </form>
      </Tabs.Root>
    </Modal>
  );
}
