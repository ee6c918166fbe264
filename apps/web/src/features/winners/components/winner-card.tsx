import { Text, UnstyledButton } from '@mantine/core';
import type { ContempladoPublico } from '@praca/contract';
import { imageUrl } from '@/config/env';
import { formatDate } from '@/lib/format';
import { winnerPhotos } from './winner-photos';
import classes from '@/components/card-button.module.css';

interface WinnerCardProps {
  winner: ContempladoPublico;
  onOpen: (winner: ContempladoPublico) => void;
}

/** A prize winner: photo, name, shop, campaign and draw date; one button opening the popup. */
export function WinnerCard({ winner, onOpen }: WinnerCardProps) {
  const photo = winnerPhotos(winner)[0] ?? winner.banner;
  return (
    <UnstyledButton className={classes.card} aria-haspopup="dialog" onClick={() => onOpen(winner)}>
      {/* Decorative here: the popup shows every photo with its description. */}
      <img
        className={classes.photo}
        style={{ aspectRatio: '4 / 3' }}
        src={imageUrl(photo)}
        alt=""
        loading="lazy"
        width={512}
        height={384}
      />
      <span className={classes.body}>
        <Text component="span" className={classes.name}>
          {winner.nome_sorteado}
        </Text>
        <Text component="span" size="sm">
          {winner.nom_estabelecimento}
        </Text>
        <Text component="span" size="sm" c="dimmed">
          {winner.den_campanha}
        </Text>
        <Text component="span" size="sm">
          Sorteio em {formatDate(winner.data_sorteio)}
        </Text>
      </span>
    </UnstyledButton>
  );
}
