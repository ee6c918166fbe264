import { Button, Group, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import { QrCodeIcon } from '@/components/icons';
import { paths } from '@/config/paths';

/**
 * The home's clear way to the QR claim (issue 35): a sale the shop registered with a QR code
 * becomes the consumer's points and coupons at /meu/resgatar.
 */
export function ClaimCard() {
  return (
    <Paper
      component="section"
      aria-labelledby="home-resgatar"
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="praca.7"
      c="white"
      style={{
        backgroundImage:
          'radial-gradient(circle at 100% 0%, rgba(255, 197, 51, 0.28) 0, rgba(255, 197, 51, 0) 45%), linear-gradient(135deg, var(--mantine-color-praca-7), var(--mantine-color-praca-9))',
      }}
    >
      <Group justify="space-between" align="center" gap="md">
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Text id="home-resgatar" component="h2" fw={800} fz={{ base: 'lg', sm: 'xl' }} m={0} lh={1.25}>
            Comprou numa loja participante?
          </Text>
          <Text size="sm" mt={4} c="praca.0">
            Leia o QR Code da compra e os pontos e cupons vêm para você.
          </Text>
        </div>
        <Button
          component={Link}
          to={paths.meu.resgatar}
          size="md"
          radius="xl"
          color="sol.4"
          c="sol.9"
          leftSection={<QrCodeIcon size={20} />}
          style={{ flex: '0 0 auto' }}
        >
          Resgatar compra
        </Button>
      </Group>
    </Paper>
  );
}
