import { Center, Loader, Overlay, Portal, Stack, Text } from '@mantine/core';
import { RX_MESSAGES } from '@pawdesk/shared';

/** Covers the page while the prescription is being saved. */
export function SavingOverlay() {
  return (
    <Portal>
      <Overlay fixed backgroundOpacity={0.55} blur={2} zIndex={1000}>
        <Center h="100%">
          <Stack align="center" gap="sm" role="status" aria-live="assertive">
            <Loader color="white" size="lg" />
            <Text c="white" fw={600} size="lg">
              {RX_MESSAGES.spinner}
            </Text>
          </Stack>
        </Center>
      </Overlay>
    </Portal>
  );
}
