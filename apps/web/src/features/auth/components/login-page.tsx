import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { useSession } from '../api/get-session';
import { adoptedHtmlLogin } from '../lib/html-login';
import { AuthPanel } from './auth-panel';
import { LoginForm } from './login-form';

// Most accounts have no second step: its code is fetched when a password is sent (issue 20: /login's weight), so it
// is usually there by the time the server asks for it.
const loadMfaStep = () => import('./mfa-step');
const MfaStep = lazy(async () => ({ default: (await loadMfaStep()).MfaStep }));

type Step = { kind: 'password'; notice?: string } | { kind: 'mfa' };

/**
 * /login. A second step for accounts with two-step verification shows on the same screen. After login the
 * `redirect` parameter is followed only when it is a path on this site; otherwise the dashboard.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const session = useSession();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  // The address typed into login.html's card before the app took over, if any (features/auth/lib/html-login.ts).
  const [email, setEmail] = useState(() => adoptedHtmlLogin()?.email ?? '');
  // Set on submit, so the session that login writes sends the user on to `redirect`; a user who arrives already
  // signed in goes to the dashboard (spec).
  const [hasSubmitted, setHasSubmitted] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each change of step moves focus to the heading, so screen readers start reading the new step from the top.
  const [stepChanges, setStepChanges] = useState(0);
  useEffect(() => {
    if (stepChanges > 0) headingRef.current?.focus();
  }, [stepChanges]);
  const goTo = (next: Step) => {
    setStep(next);
    setStepChanges((n) => n + 1);
  };

  if (session.data) {
    const destination = hasSubmitted
      ? (safeRedirectPath(searchParams.get('redirect')) ?? paths.dashboard())
      : paths.dashboard();
    return <Navigate to={destination} replace />;
  }

  return (
    <AuthPanel
      title={t('login.title')}
      intro={step.kind === 'password' ? t('login.intro') : undefined}
      headingRef={headingRef}
    >
      {step.kind === 'password' ? (
        <LoginForm
          email={email}
          onEmailChange={setEmail}
          notice={step.notice}
          onSubmit={() => {
            setHasSubmitted(true);
            void loadMfaStep();
          }}
          onMfaRequired={() => goTo({ kind: 'mfa' })}
        />
      ) : (
        <Suspense>
          <MfaStep onRestart={(notice) => goTo({ kind: 'password', notice })} />
        </Suspense>
      )}
    </AuthPanel>
  );
}
