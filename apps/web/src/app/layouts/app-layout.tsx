import { lazy, Suspense, useEffect, useState } from 'react';
import { Anchor, Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useLocation } from 'react-router';
import { Brand } from '@/components/brand';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/session';
import { isConsumer, TAB_BAR_HEIGHT } from './consumer-tab-bar-rules';
import { AppFooter } from './footer';
import { NotificationsButton } from './notifications-button';
import { ProfileButton } from './profile-button';
import { MAIN_ID, skipToMain, useFocusMainOnNavigate } from './use-focus-main';

/**
 * The menus (Mantine Menu, Drawer and their floating and focus-trap code) are chunks of their
 * own: a phone loads the drawer when the burger is first pressed, a wide screen loads the
 * row of menus while the page paints.
 */
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);
const DesktopNav = lazy(() => import('./top-nav').then((m) => ({ default: m.DesktopNav })));
/** The consumer's bottom tab bar, on phones only: its own chunk, not on a wide screen's path. */
const ConsumerTabBar = lazy(() => import('./consumer-tab-bar'));

/** Logged-in pages: top navigation, the page, the footer (spec §2). */
/** Mantine's `lg` breakpoint: below it the menus do not fit in one row. */
const WIDE = '(min-width: 75em)';
/** Mantine's `sm` breakpoint: below it is a phone, where a consumer gets the bottom tab bar. */
const NOT_PHONE = '(min-width: 48em)';

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Mounted from the first opening on, so the drawer keeps its closing transition.
  const [menuUsed, setMenuUsed] = useState(false);
  if (opened && !menuUsed) setMenuUsed(true);
  // Render one navigation only (not both, hidden by CSS): the phone gets the burger and drawer.
  const wide = useMediaQuery(WIDE, undefined, { getInitialValueInEffect: false });
  const notPhone = useMediaQuery(NOT_PHONE, undefined, { getInitialValueInEffect: false });
  // On a consumer's phone the tab bar carries the bell and the profile (consumer-tab-bar.tsx).
  const session = useSession();
  const tabBar = !notPhone && isConsumer(session);
  const { pathname } = useLocation();
  const logout = useLogout();
  useFocusMainOnNavigate();

  useEffect(() => close(), [pathname, close]);
  useEffect(() => {
    if (wide) close();
  }, [wide, close]);

  const onLogout = () => {
    close();
    void logout();
  };

  return (
    <Box
      mih="100vh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        // Nothing of the page or its footer hides behind the tab bar.
        paddingBottom: tabBar ? `calc(${TAB_BAR_HEIGHT}px + env(safe-area-inset-bottom, 0px))` : undefined,
      }}
    >
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Pular para o conteúdo
      </a>
      <Box
        component="header"
        px="md"
        bg="white"
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 100,
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <Group h={60} justify="space-between" wrap="nowrap" maw={1280} mx="auto" gap="sm">
          <Group gap="xs" wrap="nowrap">
            {wide ? null : (
              <Burger
                opened={opened}
                onClick={toggle}
                onPointerEnter={() => void loadMobileMenu()}
                onFocus={() => void loadMobileMenu()}
                size="sm"
                aria-label={opened ? 'Fechar menu' : 'Abrir menu'}
                aria-expanded={opened}
              />
            )}
            <Anchor component={Link} to={paths.home} underline="never" aria-label="Praça, página inicial">
              <Brand />
            </Anchor>
          </Group>
          {wide ? (
            <Box component="nav" aria-label="Menu principal">
              <Suspense fallback={null}>
                <DesktopNav onLogout={onLogout} />
              </Suspense>
            </Box>
          ) : null}
          {tabBar ? null : (
            <Group gap={4} wrap="nowrap">
              <NotificationsButton />
              <ProfileButton />
            </Group>
          )}
        </Group>
      </Box>

      {menuUsed ? (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} onLogout={onLogout} />
        </Suspense>
      ) : null}

      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1 }}>
        <Container size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
          <Outlet />
        </Container>
      </Box>
      <AppFooter />
      {tabBar ? (
        <Suspense fallback={null}>
          <ConsumerTabBar />
        </Suspense>
      ) : null}
    </Box>
  );
}
