import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/toast-host';
import { ApiError, failureMessage } from '@/lib/api-errors';
import { loadErrorTexts, serverSentence } from '@/lib/i18n';

/** The API client, the contract, the schema library and the error texts load on first use: most visitors never subscribe. */
const loadNewsletter = () =>
  Promise.all([import('../api/subscribe-newsletter'), import('@/lib/form-validation'), loadErrorTexts()]);

/** The newsletter sign-up: loaded after the landing page's first paint (see NewsletterSection). */
export function NewsletterForm() {
  const { t } = useTranslation('home');
  const form = useForm({
    initialValues: { email: '' },
    // The contract's own rule, so the browser and the server agree on what a valid address is.
    validate: async (values) => {
      try {
        const [{ newsletterSubscribeRequest }, { contractResolver }] = await loadNewsletter();
        const validate = contractResolver({
          schema: newsletterSubscribeRequest,
          fields: ['email'],
          translate: () => t('newsletter.invalidEmail'),
        });
        return validate(values);
      } catch {
        // The code did not load (offline): the same words as a failed subscription.
        return { email: t('newsletter.failed') };
      }
    },
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      const [{ newsletterSubscribeRequest, subscribeNewsletter }] = await loadNewsletter();
      const data = await subscribeNewsletter(newsletterSubscribeRequest.parse(values));
      // Double opt-in: the toast says to open the confirmation e-mail. The server's own sentence for English readers
      // (spec: the toast shows the server's message), the screen's text in the reader's language otherwise.
      void showToast({
        message: serverSentence(data.message, t('newsletter.confirmSent')),
        color: 'green',
        closeLabel: t('common:close'),
      });
      form.reset();
    } catch (failure) {
      form.setFieldError(
        'email',
        failure instanceof ApiError
          ? failureMessage(failure, t('newsletter.failed'))
          : t('newsletter.failed'),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          type="email"
          name="email"
          autoComplete="email"
          label={t('newsletter.emailLabel')}
          placeholder={t('newsletter.emailPlaceholder')}
          leftSection={<Mail size={16} aria-hidden />}
          {...form.getInputProps('email')}
          size="md"
        />
        <Button type="submit" size="md" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          {t('newsletter.subscribe')}
        </Button>
      </Stack>
    </form>
  );
}
