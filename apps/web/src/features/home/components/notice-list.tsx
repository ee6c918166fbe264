import { memo, useDeferredValue, useMemo } from 'react';
import { Box, Flex, Stack, Title } from '@mantine/core';
import type { AvisoPublico } from '@praca/contract';
import { imageUrl } from '@/config/env';
import { noticeBodyHtml } from '@/lib/sanitize-html';

/** One notice; sanitised once per body, not on every render of the popup (it opens, moves). */
const Notice = memo(function Notice({ aviso }: { aviso: AvisoPublico }) {
  const html = useMemo(() => noticeBodyHtml(aviso.body), [aviso.body]);
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
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </Box>
    </Flex>
  );
});

const NONE: AvisoPublico[] = [];

/**
 * The notices of the popup: image, title and the body as sanitised HTML with its line breaks.
 * The list first mounts empty and then renders as deferred work, which React does in slices
 * with the browser free in between: the popup mounts inside Mantine's Portal, whose content
 * React renders synchronously, and DOMPurify over every body made that one long task
 * (decision 023). The popup mounts hidden (keepMounted, under display: none) before it opens,
 * so it opens full.
 */
export default function NoticeList({ avisos }: { avisos: AvisoPublico[] }) {
  const shown = useDeferredValue(avisos, NONE);
  return (
    <Stack component="ul" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
      {shown.map((a) => (
        <Notice key={a.id_aviso} aviso={a} />
      ))}
    </Stack>
  );
}
