import { Button, Divider, Group, Menu, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
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

function isCurrent(pathname: string, to: string): boolean {
  return pathname === to;
}

/** Wide screens: links and drop-down menus, usable with Tab, Enter and the arrow keys. */
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
          variant={isCurrent(pathname, link.to) ? 'light' : 'subtle'}
          aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}
          px="sm"
        >
          {link.label}
        </Button>
      ))}
      {menus.map((menu) => (
        <Group key={menu.label} gap={4} wrap="nowrap">
          <Menu position="bottom-start" shadow="md" width={220} withInitialFocusPlaceholder={false}>
            <Menu.Target>
              <Button variant="subtle" px="sm" rightSection={<ChevronDownIcon size={16} />}>
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
          {menu === adminMenu ? <CitySelect inline /> : null}
        </Group>
      ))}
    </Group>
  );
}

/** Narrow screens (360 px and up): the same entries as a list inside the drawer. */
export function MobileNav({ onLogout, onNavigate }: NavProps & { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const menus = useVisibleMenus();
  return (
    <Stack gap="xs">
      {mainLinks.map((link) => (
        <MantineNavLink
          key={link.to}
          component={Link}
          to={link.to}
          label={link.label}
          active={isCurrent(pathname, link.to)}
          aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
      {menus.map((menu) => (
        <section key={menu.label} aria-label={menu.label}>
          <Divider my={4} />
          <Text fw={700} size="sm" px="sm" py={4} c="praca.8">
            {menu.label}
          </Text>
          {menu === adminMenu ? (
            <Stack px="sm" pb="xs">
              <CitySelect />
            </Stack>
          ) : null}
          {menu.items.map((item) => (
            <MantineNavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={isCurrent(pathname, item.to)}
              aria-current={isCurrent(pathname, item.to) ? 'page' : undefined}
              onClick={onNavigate}
            />
          ))}
          <MantineNavLink
            component="button"
            type="button"
            label="Sair"
            leftSection={<LogoutIcon size={16} />}
            onClick={onLogout}
          />
        </section>
      ))}
    </Stack>
  );
}
