import { SimpleGrid, Text } from '@mantine/core';

/**
 * Labelled values as a definition list, two columns from small screens up; long values wrap anywhere and keep their
 * line breaks (an address).
 */
export function DefinitionGrid(props: {
  rows: ReadonlyArray<readonly [label: string, value: string]>;
  testId?: string;
}) {
  return (
    <SimpleGrid
      component="dl"
      cols={{ base: 1, sm: 2 }}
      spacing="sm"
      verticalSpacing="sm"
      m={0}
      data-testid={props.testId}
    >
      {props.rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
