import { ActionIcon, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CAROUSEL_INTERVAL_MS } from '@mohar/contracts/constants';
import {
  ChevronLeft,
  ChevronRight,
  Download,
  FileText,
  FileUp,
  IdCard,
  IndianRupee,
  LogIn,
  type LucideIcon,
  Mail,
  Pause,
  PenLine,
  Play,
  Stamp,
  UserPlus,
  Video,
} from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './home.module.css';
import { SectionHeading } from './section-heading';

/** The notarisation journey of spec §1, one icon per step; texts live in `home.steps.items.<n>`. */
const STEP_ICONS: readonly LucideIcon[] = [
  LogIn,
  FileUp,
  UserPlus,
  FileText,
  IndianRupee,
  Mail,
  IdCard,
  Video,
  PenLine,
  Stamp,
  Download,
];
const STEP_COUNT = STEP_ICONS.length;

/**
 * A light carousel built on the WAI-ARIA APG pattern instead of Embla, to keep the landing route small.
 * It advances every CAROUSEL_INTERVAL_MS, and holds still while the pointer is over it, while focus is inside it
 * (except on the pause/play button itself, so pressing Play works) and after the visitor presses Pause.
 */
export function StepsCarousel() {
  const { t } = useTranslation('home');
  const [index, setIndex] = useState(0);
  const [isPlaying, setIsPlaying] = useState(true);
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const rotationButton = useRef<HTMLButtonElement>(null);
  const isRotating = isPlaying && !isHovered && !hasFocus;

  useEffect(() => {
    if (!isRotating) return;
    const timer = window.setTimeout(() => setIndex((index + 1) % STEP_COUNT), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [isRotating, index]);

  const goTo = (next: number) => setIndex((next + STEP_COUNT) % STEP_COUNT);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: STEP_COUNT - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    goTo(target);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) =>
    setHasFocus(!rotationButton.current?.isSameNode(event.target));
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setHasFocus(false);
  };

  return (
    <section
      className={`${classes.section} ${classes.tinted}`}
      aria-labelledby="home-steps-title"
      data-testid="home-steps"
    >
      <Container size="md">
        <SectionHeading
          id="home-steps-title"
          eyebrow={t('steps.eyebrow')}
          title={t('steps.title')}
          lead={t('steps.lead')}
        />
        <section
          aria-roledescription={t('steps.carouselRole')}
          aria-label={t('steps.carouselLabel')}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onBlur={onBlur}
          onMouseEnter={() => setIsHovered(true)}
          onMouseLeave={() => setIsHovered(false)}
        >
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <ActionIcon
              ref={rotationButton}
              variant="default"
              size="lg"
              onClick={() => setIsPlaying(!isPlaying)}
              aria-label={isPlaying ? t('steps.pause') : t('steps.play')}
            >
              {isPlaying ? <Pause size={18} aria-hidden /> : <Play size={18} aria-hidden />}
            </ActionIcon>
            <Group gap="xs" wrap="nowrap">
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => goTo(index - 1)}
                aria-label={t('steps.previous')}
              >
                <ChevronLeft size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={() => goTo(index + 1)}
                aria-label={t('steps.next')}
              >
                <ChevronRight size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>

          <div className={classes.viewport} aria-live={isRotating ? 'off' : 'polite'}>
            <div className={classes.track} style={{ transform: `translateX(-${index * 100}%)` }}>
              {STEP_ICONS.map((Icon, i) => {
                const n = i + 1;
                const isCurrent = i === index;
                return (
                  // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names each slide with role="group"; a fieldset is for form controls.
                  <div
                    key={n}
                    className={classes.slide}
                    role="group"
                    aria-roledescription={t('steps.slideRole')}
                    aria-label={t('steps.slideLabel', { n, total: STEP_COUNT })}
                    aria-hidden={!isCurrent}
                    inert={!isCurrent}
                    data-active={isCurrent || undefined}
                  >
                    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} h="100%">
                      <Group align="flex-start" gap="lg" wrap="nowrap">
                        <span className={classes.stepNumber} aria-hidden>
                          {n}
                        </span>
                        <Stack gap="xs">
                          <Group gap="xs" wrap="nowrap">
                            <Icon size={20} aria-hidden />
                            <Text size="sm" fw={600} className={classes.muted}>
                              {t('steps.slideLabel', { n, total: STEP_COUNT })}
                            </Text>
                          </Group>
                          <Title order={3} size="h3">
                            {t(`steps.items.${n}.title`)}
                          </Title>
                          <Text className={classes.muted}>{t(`steps.items.${n}.body`)}</Text>
                        </Stack>
                      </Group>
                    </Paper>
                  </div>
                );
              })}
            </div>
          </div>

          <Group justify="center" gap={4} mt="md" wrap="wrap">
            {STEP_ICONS.map((_, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: the steps are a fixed, ordered list.
                key={i}
                type="button"
                className={classes.dot}
                onClick={() => goTo(i)}
                aria-label={t('steps.goTo', { n: i + 1 })}
                aria-current={i === index ? 'step' : undefined}
              />
            ))}
          </Group>
        </section>
      </Container>
    </section>
  );
}
