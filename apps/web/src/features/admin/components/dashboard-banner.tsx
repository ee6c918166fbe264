import { Anchor, Box } from '@mantine/core';
import type { CampanhaAdmin } from '@praca/contract';
import { imageUrl } from '@/config/env';

/**
 * An ad banner (spec §2 Admin dashboard): the campaign's banner, 2:1 as uploaded (1024 × 512),
 * full width up to its natural size; a link to the campaign's page when it has one.
 */
export function DashboardBanner({ campanha, position }: { campanha: CampanhaAdmin; position: string }) {
  const img = (
    <img
      src={imageUrl(campanha.banner)}
      alt={campanha.den_campanha}
      loading={position === 'top' ? 'eager' : 'lazy'}
      width={1024}
      height={512}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: '2 / 1',
        objectFit: 'cover',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    />
  );
  const link = campanha.link.trim();
  return (
    <Box maw={1024} mx="auto" w="100%" data-testid={`banner-${position}`}>
      {link ? (
        <Anchor href={link} target="_blank" rel="noopener noreferrer" display="block">
          {img}
        </Anchor>
      ) : (
        img
      )}
    </Box>
  );
}
