import { Paper, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered panel that is a section of the page, named by its heading. */
export function SectionPanel(
  props: PaperProps & { labelledBy: string; testId?: string; children: ReactNode },
) {
  const { labelledBy, testId, ...paperProps } = props;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby={labelledBy}
      data-testid={testId}
      {...paperProps}
    />
  );
}
