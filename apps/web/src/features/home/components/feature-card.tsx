import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import type { LucideIcon } from 'lucide-react';
import classes from './home.module.css';

/** One benefit or safeguard: icon, h3 and a short paragraph. */
export function FeatureCard(props: { icon: LucideIcon; title: string; body: string }) {
  const Icon = props.icon;
  return (
    <Card withBorder padding="lg" radius="lg" className={classes.card}>
      <ThemeIcon size={44} radius="md" variant="filled" aria-hidden>
        <Icon size={22} />
      </ThemeIcon>
      <Title order={3} size="h4" mt="md" mb="xs">
        {props.title}
      </Title>
      <Text className={classes.muted}>{props.body}</Text>
    </Card>
  );
}
