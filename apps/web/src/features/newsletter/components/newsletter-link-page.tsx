import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmailedLinkPage } from '@/components/e-mailed-link-page';
import { paths } from '@/config/paths';
import { followNewsletterLink, type NewsletterLinkKind } from '../api/newsletter-links';

/** An e-mailed newsletter link: followed when the page opens, then said what happened. */
function NewsletterLinkPage({ kind }: { kind: NewsletterLinkKind }) {
  const { t } = useTranslation('newsletter');
  const token = useParams().token ?? '';
  const follow = useMutation({ mutationFn: () => followNewsletterLink({ kind, token }) });
  return (
    <EmailedLinkPage
      follow={follow}
      testId={`newsletter-${kind}`}
      backTo={paths.home()}
      texts={{
        pageTitle: t(`${kind}.pageTitle`),
        working: t(`${kind}.working`),
        doneTitle: t(`${kind}.doneTitle`),
        doneBody: t(`${kind}.doneBody`),
        invalidTitle: t('invalid.title'),
        invalidBody: t('invalid.body'),
        back: t('toHome'),
      }}
    />
  );
}

/** /newsletter/confirm/:token — the double opt-in's confirmation link. */
export function NewsletterConfirmPage() {
  return <NewsletterLinkPage kind="confirm" />;
}

/** /newsletter/unsubscribe/:token — the one-click unsubscribe link in every mailing. */
export function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage kind="unsubscribe" />;
}
