import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthPanel } from './auth-panel';
import { RegisterForm } from './register-form';
import { RegisterSuccess } from './register-success';

/** /register: a client or notary account; it can sign in once its e-mail address is verified. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const [registered, setRegistered] = useState<{ message: string; email: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <AuthPanel
      title={t('register.title')}
      intro={registered ? undefined : t('register.intro')}
      headingRef={headingRef}
      width={560}
    >
      {registered ? (
        <RegisterSuccess message={registered.message} email={registered.email} />
      ) : (
        <RegisterForm onRegistered={setRegistered} />
      )}
    </AuthPanel>
  );
}
