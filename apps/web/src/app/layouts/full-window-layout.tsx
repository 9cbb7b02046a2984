import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** Full-window screens (the signatory portal): no site chrome, the whole viewport for the task. */
export function FullWindowLayout() {
  return (
    <Box mih="100dvh" component="main">
      <Outlet />
    </Box>
  );
}
