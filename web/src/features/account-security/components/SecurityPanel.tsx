import { AlertTriangle, KeyRound, LogOut, MonitorSmartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage, isApiError } from '@/api/client';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { notify } from '@/lib/toast';
import {
  CHANGE_PASSWORD_FAILED,
  END_SESSION_FAILED,
  SESSIONS_LOAD_FAILED,
  useChangePassword,
  useEndOtherSessions,
  useEndSession,
  useSessions,
} from '../api/sessions';
import { lastSeenLabel, passwordFormError } from '../logic/sessions';

const card = 'rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8';

/** The account page's security: change the password, see where you are signed in, sign out elsewhere. */
export function SecurityPanel() {
  return (
    <>
      <ChangePassword />
      <Sessions />
    </>
  );
}

function ChangePassword() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<{ field: 'current' | 'next' | 'form'; message: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const formError = passwordFormError(current, next, confirm);
    if (formError) {
      setProblem({ field: current ? 'next' : 'current', message: formError });
      return;
    }
    setProblem(null);
    try {
      const { data } = await change.mutateAsync({ current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setConfirm('');
      notify.success(data.ended > 0 ? `Password changed. ${data.ended} other session${data.ended === 1 ? ' was' : 's were'} signed out.` : 'Password changed.');
    } catch (error) {
      const message = errorMessage(error, CHANGE_PASSWORD_FAILED);
      let field: 'current' | 'next' | 'form' = 'form';
      if (isApiError(error) && error.status === 400) field = /current password/i.test(message) ? 'current' : 'next';
      setProblem({ field, message });
    }
  };

  return (
    <section aria-labelledby="password-heading" className={card}>
      <h2 id="password-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <KeyRound className="h-5 w-5 text-brand-600" aria-hidden /> Password
      </h2>
      <p className="mt-1 text-sm text-slate-500">Changing it signs you out everywhere else.</p>
      <form className="mt-4 flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={problem?.field === 'current' ? problem.message : null}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            error={problem?.field === 'next' ? problem.message : null}
            hint="At least 8 characters"
          />
          <Field label="Repeat new password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </div>
        {problem?.field === 'form' ? (
          <p role="alert" className="text-sm text-rose-600">
            {problem.message}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? <Spinner /> : null} Change password
          </Button>
        </div>
      </form>
    </section>
  );
}

function Sessions() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();

  const signOutOthers = async () => {
    try {
      const { data } = await endOthers.mutateAsync();
      notify.success(data.ended > 0 ? `Signed out of ${data.ended} other session${data.ended === 1 ? '' : 's'}.` : 'No other sessions were open.');
    } catch (error) {
      notify.error(errorMessage(error, END_SESSION_FAILED));
    }
  };
  const signOutOne = async (id: string) => {
    try {
      await endOne.mutateAsync(id);
      notify.success('That session was signed out.');
    } catch (error) {
      notify.error(errorMessage(error, END_SESSION_FAILED));
    }
  };

  let body;
  if (sessions.isPending) {
    body = <Spinner className="text-brand-600" label="Loading..." />;
  } else if (sessions.isError) {
    body = (
      <p role="alert" className="flex items-center gap-2 text-sm text-rose-700">
        <AlertTriangle className="h-4 w-4" aria-hidden /> {errorMessage(sessions.error, SESSIONS_LOAD_FAILED)}
      </p>
    );
  } else {
    const others = sessions.data.sessions.filter((s) => !s.current).length;
    body = (
      <>
        <ul className="divide-y divide-slate-100" aria-label="Signed-in sessions">
          {sessions.data.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-medium text-slate-900">
                  {s.browser}
                  {s.current ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-100">This browser</span>
                  ) : null}
                </p>
                <p className="truncate text-sm text-slate-500">
                  {s.address ?? 'Unknown address'} · {s.current ? 'Active now' : lastSeenLabel(s.last_seen_at)}
                </p>
              </div>
              {s.current ? null : (
                <Button variant="ghost" size="sm" disabled={endOne.isPending} onClick={() => void signOutOne(s.id)} aria-label={`Sign out ${s.browser}`}>
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-500">A session lasts {sessions.data.session_days} days and each visit extends it.</p>
          <Button variant="secondary" disabled={others === 0 || endOthers.isPending} onClick={() => void signOutOthers()}>
            <LogOut className="h-4 w-4" aria-hidden /> Sign out everywhere else
          </Button>
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="sessions-heading" className={card}>
      <h2 id="sessions-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MonitorSmartphone className="h-5 w-5 text-brand-600" aria-hidden /> Where you're signed in
      </h2>
      <div className="mt-3">{body}</div>
    </section>
  );
}
