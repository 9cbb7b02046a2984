import { CloseButton, TextInput } from '@mantine/core';
import { Search } from 'lucide-react';

/** A list's search box: a labelled search input with a hint, and a button that clears it. */
export function SearchField(props: {
  label: string;
  hint: string;
  clearLabel: string;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  return (
    <TextInput
      label={props.label}
      description={props.hint}
      type="search"
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      leftSection={<Search size={16} aria-hidden="true" />}
      rightSection={
        props.value ? (
          <CloseButton aria-label={props.clearLabel} onClick={() => props.onChange('')} size="sm" />
        ) : null
      }
      maw={420}
      data-testid={props.testId}
    />
  );
}
