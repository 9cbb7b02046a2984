import { Stack, Text, Title } from '@mantine/core';
import classes from './home.module.css';

/** Eyebrow, h2 and an optional lead line: the same opening for every block on the landing page. */
export function SectionHeading(props: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  center?: boolean;
}) {
  return (
    <Stack
      gap="xs"
      align={props.center ? 'center' : 'flex-start'}
      ta={props.center ? 'center' : undefined}
      mb="xl"
    >
      <Text className={classes.eyebrow}>{props.eyebrow}</Text>
      <Title order={2} id={props.id}>
        {props.title}
      </Title>
      {props.lead && (
        <Text size="lg" className={`${classes.muted} ${classes.lead}`}>
          {props.lead}
        </Text>
      )}
    </Stack>
  );
}
