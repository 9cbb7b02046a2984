import { Container, Group, Text } from '@mantine/core';
import { SERVICE_HOURS } from '@mohar/contracts/constants';
import { Clock, Mail, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '@/features/site/api/get-site-info';
import classes from './public-layout.module.css';

/** '20:00' → '8:00 PM'. The spec words hours on a 12-hour clock. */
export function formatClock(hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** Service hours always show; phone and e-mail join them once /site-info answers. */
export function SupportBanner() {
  const { t } = useTranslation('layout');
  const { data } = useSiteInfo();
  const hours = data?.serviceHours ?? SERVICE_HOURS;
  return (
    <div className={classes.banner} data-testid="home-banner">
      <Container size="lg" py={6}>
        <Group gap="xs" justify="center" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Clock size={14} aria-hidden />
            <Text inherit span>
              {/* The zone goes inside the sentence: Hindi puts the verb after the time. */}
              {t('banner.hours', {
                opens: formatClock(hours.opensAt),
                closes: `${formatClock(hours.closesAt)} IST`,
              })}
            </Text>
          </Group>
          {data && (
            <>
              <Group gap={6} wrap="nowrap">
                <Phone size={14} aria-hidden />
                <a
                  href={`tel:${data.supportPhone.replace(/[^\d+]/g, '')}`}
                  aria-label={t('banner.callLabel', { phone: data.supportPhone })}
                >
                  {data.supportPhone}
                </a>
              </Group>
              <Group gap={6} wrap="nowrap">
                <Mail size={14} aria-hidden />
                <a
                  href={`mailto:${data.supportEmail}`}
                  aria-label={t('banner.mailLabel', { email: data.supportEmail })}
                >
                  {data.supportEmail}
                </a>
              </Group>
            </>
          )}
        </Group>
      </Container>
    </div>
  );
}
