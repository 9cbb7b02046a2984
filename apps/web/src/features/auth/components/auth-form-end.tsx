import { Anchor, Button, Text } from '@mantine/core';
import { Link } from 'react-router';

/** How the login and register forms end: the submit button, then the way to the other form. */
export function AuthFormEnd(props: {
  submitLabel: string;
  isPending: boolean;
  other: { question: string; link: string; to: string };
}) {
  return (
    <>
      <Button type="submit" size="md" fullWidth loading={props.isPending}>
        {props.submitLabel}
      </Button>
      <Text size="sm" ta="center">
        {props.other.question}{' '}
        <Anchor component={Link} to={props.other.to} underline="always">
          {props.other.link}
        </Anchor>
      </Text>
    </>
  );
}
