import { useEffect, useState } from 'react';
import { Box, Button, Flex, Group, Modal, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AvisoPublico } from '@praca/contract';
import { imageUrl } from '@/config/env';
import { noticeBodyHtml } from '@/lib/sanitize-html';
import { useAvisos } from '../api/get-avisos';

export const NOTICES_TITLE = 'Você tem novos avisos';

/**
 * Whom the popup was shown to since the page loaded. Coming back to the home page in the
 * same visit does not show it again; a reload, or another person logging in, does.
 */
const shownThisLoad = new Set<string>();

/** Test hook: forget who saw the popup. */
export function resetNoticesShown(): void {
  shownThisLoad.clear();
}

function Notice({ aviso }: { aviso: AvisoPublico }) {
  return (
    <Flex component="li" direction={{ base: 'column', xs: 'row' }} gap="sm" align="flex-start">
      {aviso.image.trim() ? (
        <img
          src={imageUrl(aviso.image)}
          alt={`Imagem do aviso ${aviso.title}`}
          width={200}
          height={200}
          style={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 8, flex: 'none' }}
        />
      ) : null}
      <Box style={{ minWidth: 0 }}>
        <Title order={3} fz="md" mb={4}>
          {aviso.title}
        </Title>
        <Box
          fz="sm"
          style={{ overflowWrap: 'anywhere' }}
          // Sanitised right here by DOMPurify (src/lib/sanitize-html.ts).
          dangerouslySetInnerHTML={{ __html: noticeBodyHtml(aviso.body) }}
        />
      </Box>
    </Flex>
  );
}

/** The notices popup (spec §2): on load, when the city has notices. */
export function NoticesModal({ codCidade, viewer }: { codCidade: number; viewer: string }) {
  const query = useAvisos(codCidade);
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  const [dismissed, setDismissed] = useState(() => shownThisLoad.has(viewer));
  const avisos = query.data ?? [];
  const opened = avisos.length > 0 && !dismissed;

  useEffect(() => {
    if (opened) shownThisLoad.add(viewer);
  }, [opened, viewer]);

  const close = () => setDismissed(true);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={NOTICES_TITLE}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar avisos' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Stack component="ul" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
          {avisos.map((a) => (
            <Notice key={a.id_aviso} aviso={a} />
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button onClick={close}>Fechar</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
