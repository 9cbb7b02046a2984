import { Accordion, Container } from '@mantine/core';
import {
  COLLAPSE_ANIMATION_MS,
  REFUND_CREDIT_BUSINESS_DAYS,
  REFUND_REQUEST_WINDOW_DAYS,
  SESSION_MINUTES_TYPICAL,
} from '@mohar/contracts/constants';
import { useTranslation } from 'react-i18next';
import classes from './home.module.css';
import { SectionHeading } from './section-heading';

const QUESTIONS = ['what', 'signers', 'duration', 'needs', 'fees', 'excluded'] as const;

export function FaqSection() {
  const { t } = useTranslation('home');
  const values = {
    min: SESSION_MINUTES_TYPICAL.min,
    max: SESSION_MINUTES_TYPICAL.max,
    refundWindow: REFUND_REQUEST_WINDOW_DAYS,
    refundDays: REFUND_CREDIT_BUSINESS_DAYS,
  };
  return (
    <section
      className={`${classes.section} ${classes.tinted}`}
      aria-labelledby="home-faq-title"
      data-testid="home-faq"
    >
      <Container size="md">
        <SectionHeading id="home-faq-title" eyebrow={t('faq.eyebrow')} title={t('faq.title')} />
        <Accordion variant="separated" radius="md" order={3} transitionDuration={COLLAPSE_ANIMATION_MS}>
          {QUESTIONS.map((key) => (
            <Accordion.Item key={key} value={key}>
              <Accordion.Control>{t(`faq.items.${key}.q`, values)}</Accordion.Control>
              <Accordion.Panel>{t(`faq.items.${key}.a`, values)}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Container>
    </section>
  );
}
