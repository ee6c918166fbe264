import { Button, Card, Image, Text } from '@mantine/core';
import type { TurismoItem } from '@praca/contract';
import { imageUrl } from '@/config/env';

/** One tourism item: its 640×480 picture, the description and 'Saiba mais' to its site. */
export function TourismCard({ item }: { item: TurismoItem }) {
  const site = item.url_site.trim();
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      {item.url_foto ? (
        <Card.Section>
          <Image
            src={imageUrl(item.url_foto)}
            alt={item.descricao}
            style={{ aspectRatio: '4 / 3' }}
            fit="cover"
            loading="lazy"
          />
        </Card.Section>
      ) : null}
      <Text fw={600} mt="sm" style={{ overflowWrap: 'anywhere', flex: 1 }}>
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
