import { useState } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import type { ContempladoPublico } from '@praca/contract';
import { imageUrl } from '@/config/env';
import { formatDate } from '@/lib/format';
import { winnerPhotos } from './winner-photos';
import classes from '@/components/card-button.module.css';
import local from './winner-card.module.css';

interface WinnerCardProps {
  winner: ContempladoPublico;
  onOpen: (winner: ContempladoPublico) => void;
}

/** A trophy on a white disc, drawn inline (decorative). */
function TrophyMedal() {
  return (
    <svg className={local.medal} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="24" fill="var(--mantine-color-white)" />
      <g
        transform="translate(12 12)"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4Z" />
        <path d="M17 5h2.5a1.5 1.5 0 0 1 1.5 1.5V7a4 4 0 0 1-4 4M7 5H4.5A1.5 1.5 0 0 0 3 6.5V7a4 4 0 0 0 4 4" />
      </g>
    </svg>
  );
}

/** The winner's first name, for the cheer of a card without a photo. */
const firstName = (nome: string): string => nome.trim().split(/\s+/)[0] ?? '';

/**
 * What the card shows without a photo: a trophy and 'Parabéns, <first name>!' on the brand's
 * colours, as large as a photo. Never the campaign banner: it is wide and was cut at both
 * sides in a photo's frame.
 */
function WinnerCheer({ nome }: { nome: string }) {
  const name = firstName(nome);
  return (
    <span className={local.fallback} data-testid="winner-cheer" aria-hidden="true">
      <TrophyMedal />
      <strong className={local.cheer}>{name ? `Parabéns, ${name}!` : 'Parabéns!'}</strong>
    </span>
  );
}

/** A prize winner: photo, name, shop, campaign and draw date; one button opening the popup. */
export function WinnerCard({ winner, onOpen }: WinnerCardProps) {
  const photo = winnerPhotos(winner)[0];
  // A photo that does not load shows the same cheer as no photo at all.
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <UnstyledButton className={classes.card} aria-haspopup="dialog" onClick={() => onOpen(winner)}>
      {photo && broken !== photo ? (
        // Decorative here: the popup shows every photo with its description.
        <img
          className={classes.photo}
          style={{ aspectRatio: '4 / 3' }}
          src={imageUrl(photo)}
          alt=""
          loading="lazy"
          width={512}
          height={384}
          onError={() => setBroken(photo)}
        />
      ) : (
        <WinnerCheer nome={winner.nome_sorteado} />
      )}
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
