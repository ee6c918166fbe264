import { Box, Group, Text } from '@mantine/core';
import { APP_VERSION } from '@praca/contract/plain';

/** On every page: the version string and the copyright (spec §1). */
export function AppFooter() {
  return (
    <Box
      component="footer"
      px="md"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      bg="gray.0"
    >
      <Group justify="space-between" gap="xs" maw={1200} mx="auto">
        <Text size="sm" c="dimmed">
          © 2025 Praça. Todos os direitos reservados.
        </Text>
        <Text size="sm" c="dimmed">
          Versão {APP_VERSION}
        </Text>
      </Group>
    </Box>
  );
}
