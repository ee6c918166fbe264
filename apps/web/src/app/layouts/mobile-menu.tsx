import { Drawer } from '@mantine/core';
import { MobileNav } from './top-nav';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  onLogout: () => void;
}

/**
 * The phone's menu drawer. Its own chunk (with the menus and Mantine's drawer), loaded the
 * first time the burger is pressed: the home page does not need it to paint.
 */
export default function MobileMenu({ opened, onClose, onLogout }: MobileMenuProps) {
  return (
    // Compound parts: the default header is a <header>, a second "banner" landmark.
    <Drawer.Root opened={opened} onClose={onClose} size={300}>
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title fw={700}>Menu</Drawer.Title>
          <Drawer.CloseButton aria-label="Fechar menu" />
        </Drawer.Header>
        <Drawer.Body>
          <nav aria-label="Menu principal">
            <MobileNav onLogout={onLogout} onNavigate={onClose} />
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
