import { Anchor, Box, Container } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Brand } from '@/components/brand';
import { paths } from '@/config/paths';
import { AppFooter } from './footer';
import { MAIN_ID, skipToMain, useFocusMainOnNavigate } from './use-focus-main';

/** Pages outside the session that bring their own full-width layout (the login pages). */
export function BareLayout() {
  useFocusMainOnNavigate();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Pular para o conteúdo
      </a>
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1, display: 'flex' }}>
        <Outlet />
      </Box>
      <AppFooter />
    </Box>
  );
}

/** Other public pages (registration, password reset, Erro 401): the brand, a column, the footer. */
export function PublicLayout() {
  useFocusMainOnNavigate();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Pular para o conteúdo
      </a>
      <Box
        component="header"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Anchor component={Link} to={paths.login} underline="never" aria-label="Praça, ir para o login">
          <Brand />
        </Anchor>
      </Box>
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1 }}>
        <Container size="md" py="xl">
          <Outlet />
        </Container>
      </Box>
      <AppFooter />
    </Box>
  );
}
