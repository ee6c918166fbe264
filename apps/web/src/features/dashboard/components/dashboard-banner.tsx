import { Anchor, Box } from '@mantine/core';
import type { CampanhaAdmin } from '@praca/contract';
import { imageUrl } from '@/config/env';

/**
 * How tall a banner may be: the dashboard opens with its figures (issue 35), so the ad above
 * them is a strip, and the one below a little larger.
 */
export const BANNER_MAX_HEIGHT = { top: 120, bottom: 180 } as const;

/**
 * An ad banner (spec §2 Admin dashboard): the campaign's banner whole, in its own proportions
 * (uploads fit a 1024 × 512 box, the demo's are 1024 × 400), never cropped, at most
 * BANNER_MAX_HEIGHT tall and centred; a link to the campaign's page when it has one.
 */
export function DashboardBanner({
  campanha,
  position,
}: {
  campanha: CampanhaAdmin;
  position: 'top' | 'bottom';
}) {
  const img = (
    <img
      src={imageUrl(campanha.banner)}
      alt={campanha.den_campanha}
      loading={position === 'top' ? 'eager' : 'lazy'}
      style={{
        display: 'block',
        width: 'auto',
        maxWidth: '100%',
        height: 'auto',
        maxHeight: BANNER_MAX_HEIGHT[position],
        margin: '0 auto',
        borderRadius: 'var(--mantine-radius-md)',
        boxShadow: 'var(--mantine-shadow-sm)',
      }}
    />
  );
  const link = campanha.link.trim();
  return (
    <Box w="100%" data-testid={`banner-${position}`}>
      {link ? (
        <Anchor
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          display="block"
          w="fit-content"
          mx="auto"
        >
          {img}
        </Anchor>
      ) : (
        img
      )}
    </Box>
  );
}
