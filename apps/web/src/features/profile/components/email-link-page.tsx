import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmailedLinkPage } from '@/components/e-mailed-link-page';
import { paths } from '@/config/paths';
import { type EmailLinkKind, followEmailLink } from '../api/change-email';

/** A change-of-address link from an e-mail: followed when the page opens, then said what happened. */
function EmailLinkPage({ kind }: { kind: EmailLinkKind }) {
  const { t } = useTranslation('profile');
  const token = useParams().token ?? '';
  const follow = useMutation({ mutationFn: () => followEmailLink({ kind, token }) });
  return (
    <EmailedLinkPage
      follow={follow}
      testId={`email-${kind}`}
      backTo={paths.auth.login()}
      texts={{
        pageTitle: t(`emailLink.${kind}.pageTitle`),
        working: t(`emailLink.${kind}.working`),
        doneTitle: t(`emailLink.${kind}.doneTitle`),
        doneBody: t(`emailLink.${kind}.doneBody`),
        invalidTitle: t('emailLink.invalidTitle'),
        invalidBody: t(`emailLink.${kind}.invalid`),
        back: t('emailLink.toLogin'),
      }}
    />
  );
}

/** /email/confirm/:token — the link sent to the new address. */
export function EmailConfirmPage() {
  return <EmailLinkPage kind="confirm" />;
}

/** /email/undo/:token — the link sent to the old address. */
export function EmailUndoPage() {
  return <EmailLinkPage kind="undo" />;
}
