import { Text, UnstyledButton } from '@mantine/core';
import type { EstabelecimentoPublico } from '@praca/contract';
import { imageUrl } from '@/config/env';
import { shopPhones } from './shop-phones';
import classes from '@/components/card-button.module.css';

interface ShopCardProps {
  shop: EstabelecimentoPublico;
  onOpen: (shop: EstabelecimentoPublico) => void;
  /** In view when the page opens: load the photo at once (it is likely the page's largest paint). */
  priority?: boolean;
}

/**
 * A participating shop (spec §2 "Shop card"): photo, name and its numbers by the phone rule.
 * The whole card is one button that opens the shop popup; nothing inside is interactive.
 */
export function ShopCard({ shop, onOpen, priority = false }: ShopCardProps) {
  const phones = shopPhones(shop.telefone, shop.whatsup);
  return (
    <UnstyledButton className={classes.card} aria-haspopup="dialog" onClick={() => onOpen(shop)}>
      {/* Decorative: the name beside it is the button's name. */}
      <img
        className={classes.photo}
        src={imageUrl(shop.url_foto)}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        width={300}
        height={150}
      />
      <span className={`${classes.body} ${classes.numbers}`}>
        <Text component="span" className={classes.name}>
          {shop.nome}
        </Text>
        {phones.length > 0 ? (
          phones.map((p) => (
            <Text component="span" size="sm" key={p.label}>
              {p.label}: {p.numero}
            </Text>
          ))
        ) : (
          <Text component="span" size="sm" c="dimmed">
            Sem telefone
          </Text>
        )}
      </span>
    </UnstyledButton>
  );
}
