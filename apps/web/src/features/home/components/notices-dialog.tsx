import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AvisoPublico } from '@praca/contract';
import { NOTICES_TITLE } from './notices-title';
import NoticeList from './notice-list';

interface NoticesDialogProps {
  opened: boolean;
  onClose: () => void;
  avisos: AvisoPublico[];
}

/**
 * The popup itself: Mantine's Modal, the list and its sanitiser (DOMPurify). A chunk of its
 * own, fetched only when there are notices to show, so the home page's code stays small.
 */
export default function NoticesDialog({ opened, onClose, avisos }: NoticesDialogProps) {
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={NOTICES_TITLE}
      size="lg"
      keepMounted
      // Hidden with display: none, not in a hidden React Activity (Mantine 9's default): an
      // Activity holds back the list's deferred render until the popup shows, and the list
      // then grows under the open popup, moving its button (a layout shift on the home).
      keepMountedMode="display-none"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar avisos' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <NoticeList avisos={avisos} />
        <Group justify="flex-end">
          <Button onClick={onClose}>Fechar</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
