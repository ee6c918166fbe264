import { Button, Menu, NavLink as MantineNavLink, Stack, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon, LogoutIcon } from '@/components/icons';
import { isAdmin, isPartner, useSession } from '@/lib/session';
import { CitySelect } from './city-select';
import { adminMenu, mainLinks, meuMenu, parceiroMenu, type NavMenu } from './nav-items';

interface NavProps {
  onLogout: () => void;
}

function useVisibleMenus(): NavMenu[] {
  const session = useSession();
  const menus = [meuMenu];
  if (isPartner(session)) menus.push(parceiroMenu);
  if (isAdmin(session)) menus.push(adminMenu);
  return menus;
}

/**
 * One drop-down menu ('Meu', 'Parceiro', 'Administrador'): a button, then menu items that
 * Tab, Enter, Escape and the arrow keys drive. Every menu ends with 'Sair'.
 */
function NavDropdown({ menu, onLogout, inDrawer = false }: NavProps & { menu: NavMenu; inDrawer?: boolean }) {
  return (
    <Menu
      position="bottom-start"
      shadow="md"
      width={inDrawer ? 'target' : 220}
      // Inside the drawer the list stays in the drawer's focus trap.
      withinPortal={!inDrawer}
      // Mantine's focus placeholder is a stray child of role="menu" (axe: aria-required-children).
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button
          variant="subtle"
          px="sm"
          fullWidth={inDrawer}
          justify={inDrawer ? 'space-between' : undefined}
          rightSection={<ChevronDownIcon size={16} />}
        >
          {menu.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={menu.label}>
        {menu.items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {item.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={onLogout}>
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Wide screens: the links and the drop-down menus in one row. */
export function DesktopNav({ onLogout }: NavProps) {
  const { pathname } = useLocation();
  const menus = useVisibleMenus();
  return (
    <Group gap={4} wrap="nowrap">
      {mainLinks.map((link) => (
        <Button
          key={link.to}
          component={Link}
          to={link.to}
          variant={pathname === link.to ? 'light' : 'subtle'}
          aria-current={pathname === link.to ? 'page' : undefined}
          px="sm"
        >
          {link.label}
        </Button>
      ))}
      {menus.map((menu) => (
        <Group key={menu.label} gap={4} wrap="nowrap">
          <NavDropdown menu={menu} onLogout={onLogout} />
          {menu === adminMenu ? <CitySelect inline /> : null}
        </Group>
      ))}
    </Group>
  );
}

/** Narrow screens (360 px and up): the same entries, stacked inside the drawer. */
export function MobileNav({ onLogout, onNavigate }: NavProps & { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const menus = useVisibleMenus();
  return (
    <Stack gap={4}>
      {mainLinks.map((link) => (
        <MantineNavLink
          key={link.to}
          component={Link}
          to={link.to}
          label={link.label}
          active={pathname === link.to}
          aria-current={pathname === link.to ? 'page' : undefined}
          onClick={onNavigate}
          fw={600}
        />
      ))}
      {menus.map((menu) => (
        <Stack key={menu.label} gap={4}>
          <NavDropdown menu={menu} onLogout={onLogout} inDrawer />
          {menu === adminMenu ? <CitySelect /> : null}
        </Stack>
      ))}
    </Stack>
  );
}
