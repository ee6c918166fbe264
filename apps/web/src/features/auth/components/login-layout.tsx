import type { ReactNode } from 'react';
import { Anchor, Box, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import heroUrl from '@/assets/login-hero.svg';
import { Brand } from '@/components/brand';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';

interface LoginLayoutProps {
  /** Browser tab title: 'Login', 'Login Parceiro', 'Login Administrador'. */
  documentTitle: string;
  /** Which area this login opens, under the heading ('Área do parceiro'…). */
  area?: string;
  children: ReactNode;
}

/**
 * Two columns (spec §2 "Login pages"): the form on the left, a picture of the town square on
 * the right, hidden below the `sm` breakpoint. The picture is decoration (CSS background).
 */
export function LoginLayout({ documentTitle, area, children }: LoginLayoutProps) {
  return (
    <Box w="100%" style={{ display: 'flex', alignItems: 'stretch' }}>
      <Box
        px={{ base: 'md', sm: 'xl' }}
        py="xl"
        style={{ flex: '1 1 50%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <Stack w="100%" maw={420} gap="lg">
          <Anchor component={Link} to={paths.login} underline="never" aria-label="Praça" w="fit-content">
            <Brand />
          </Anchor>
          <Stack gap={4}>
            <Text fw={700} c="praca.8" size="lg">
              Beneficios para voce
            </Text>
            <PageTitle documentTitle={documentTitle}>Acesse seu conta</PageTitle>
            {area ? <Text c="dimmed">{area}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Box>
      <Box
        visibleFrom="sm"
        style={{
          flex: '1 1 50%',
          minHeight: 480,
          backgroundImage: `url("${heroUrl}")`,
          backgroundSize: 'cover',
          backgroundPosition: 'center bottom',
        }}
      />
    </Box>
  );
}
