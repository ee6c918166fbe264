import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AvisoPublico } from '@praca/contract';
import { focusFirstIn, focusLost } from '@/components/focus';
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
  const focus = useShownFocus(opened);
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
      // Mantine's trap keeps Tab inside once the popup shows; the focus is taken and given
      // back below.
      trapFocus={focus.shown}
      returnFocus={false}
      transitionProps={{ transition: 'fade-down', duration: 200, onEnter: focus.takeFocus }}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar avisos' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md" ref={focus.inside}>
        <NoticeList avisos={avisos} />
        <Group justify="flex-end">
          <Button onClick={onClose}>Fechar</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The focus of a popup kept mounted under display: none. Mantine's trap tries to focus the
 * popup the moment `opened` turns true, when it is still hidden (its transition shows it a
 * frame later), so the focus stayed on the page and Tab walked the page behind it; and its
 * focus return, recorded in an effect that may run after that, could bring the focus back
 * into the closed popup. Here the place the focus was is noted as the popup opens (a layout
 * effect, before anything moves it), the trap starts and the popup's first control takes the
 * focus once it is displayed (`takeFocus`, the transition's start), and closing gives the
 * focus back.
 */
function useShownFocus(opened: boolean) {
  const [shown, setShown] = useState(false);
  const inside = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const dialog = () => inside.current?.closest<HTMLElement>('[role="dialog"]') ?? null;

  useLayoutEffect(() => {
    if (opened) {
      opener.current = document.activeElement;
      return;
    }
    const back = opener.current;
    opener.current = null;
    if (!(back instanceof HTMLElement) || !back.isConnected) return;
    if (focusLost() || dialog()?.contains(document.activeElement)) back.focus({ preventScroll: true });
  }, [opened]);

  const takeFocus = () => {
    setShown(true);
    const node = dialog();
    if (node && !node.contains(document.activeElement)) focusFirstIn(node);
  };
  return { inside, takeFocus, shown };
}
