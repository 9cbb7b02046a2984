import { Button, type ButtonProps, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode, Ref } from 'react';
import { FormAlert } from './form-alert';

/**
 * A form named by its own heading (`aria-labelledby`), as the smaller forms on a page are: the heading, a short intro,
 * the message about the last submit, the fields, then the submit button on the left.
 */
export function TitledForm(props: {
  /** The heading's id, which names the form. */
  headingId: string;
  title: ReactNode;
  /** A form that is a page's own section is level 2; one inside a card, level 3. */
  heading: { order: 2 | 3; size: 'h3' | 'h4' };
  /** Text is set small (dimmed if asked); an element is shown as it is. */
  intro?: ReactNode;
  isIntroDimmed?: boolean;
  failure?: string | null;
  failureTestId?: string;
  /** The submit button; left out when the form draws its own among other buttons. */
  submit?: { label: ReactNode; isPending?: boolean } & Pick<ButtonProps, 'variant' | 'color'>;
  gap: MantineSpacing;
  maw?: number;
  formRef?: Ref<HTMLFormElement>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  testId?: string;
  children: ReactNode;
  /** Inside the form, after its content (a confirmation dialog). */
  after?: ReactNode;
}) {
  const { submit } = props;
  return (
    <form
      ref={props.formRef}
      onSubmit={props.onSubmit}
      noValidate
      aria-labelledby={props.headingId}
      data-testid={props.testId}
    >
      <Stack gap={props.gap} maw={props.maw}>
        <Title order={props.heading.order} size={props.heading.size} id={props.headingId}>
          {props.title}
        </Title>
        {typeof props.intro === 'string' ? (
          <Text size="sm" c={props.isIntroDimmed ? 'dimmed' : undefined}>
            {props.intro}
          </Text>
        ) : (
          props.intro
        )}
        {props.failure && (
          <FormAlert tone="error" data-testid={props.failureTestId}>
            {props.failure}
          </FormAlert>
        )}
        {props.children}
        {submit && (
          <Button
            type="submit"
            variant={submit.variant}
            color={submit.color}
            loading={submit.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {submit.label}
          </Button>
        )}
      </Stack>
      {props.after}
    </form>
  );
}
