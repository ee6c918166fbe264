import { Anchor, Box } from '@mantine/core';
import type { CampanhaAdmin } from '@praca/contract';
import { imageUrl } from '@/config/env';

/**
 * An ad banner (spec §2 Admin dashboard): the campaign's banner whole, in its own proportions
 * (uploads fit a 1024 × 512 box, the demo's are 1024 × 400), full width up to its natural
 * size, never cropped; a link to the campaign's page when it has one.
 */
export function DashboardBanner({ campanha, position }: { campanha: CampanhaAdmin; position: string }) {
  const img = (
    <img
      src={imageUrl(campanha.banner)}
      alt={campanha.den_campanha}
      loading={position === 'top' ? 'eager' : 'lazy'}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
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
