import { useState } from 'react';
import { Button, Card, Image, Text } from '@mantine/core';
import type { TurismoItem } from '@praca/contract';
import { TOURISM_TYPES } from '@praca/contract/plain';
import { imageUrl } from '@/config/env';
import classes from './tourism-card.module.css';

/** A map pin, drawn inline (decorative). */
function PlaceIcon() {
  return (
    <svg
      width={40}
      height={40}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

/**
 * One tourism item: its 640×480 picture (or, without one, a panel of the same size with the
 * item's type), the description and 'Saiba mais' to its site.
 */
export function TourismCard({ item }: { item: TurismoItem }) {
  const site = item.url_site.trim();
  const foto = item.url_foto.trim();
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Card.Section>
        {foto && broken !== foto ? (
          <Image
            src={imageUrl(foto)}
            alt={item.descricao}
            style={{ aspectRatio: '4 / 3' }}
            fit="cover"
            loading="lazy"
            onError={() => setBroken(foto)}
          />
        ) : (
          <div className={classes.placeholder} data-testid="tourism-placeholder" aria-hidden="true">
            <PlaceIcon />
            {TOURISM_TYPES[item.tipo] ?? ''}
          </div>
        )}
      </Card.Section>
      {/* Lines break between words; only a word longer than the card is split. */}
      <Text fw={600} mt="sm" style={{ overflowWrap: 'break-word', flex: 1 }}>
        {item.descricao}
      </Text>
      {site ? (
        <Button
          component="a"
          href={site}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          mt="sm"
          aria-label={`Saiba mais sobre ${item.descricao}`}
        >
          Saiba mais
        </Button>
      ) : null}
    </Card>
  );
}
