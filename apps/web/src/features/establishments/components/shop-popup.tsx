import { useState } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { EstabelecimentoPublico } from '@praca/contract';
import { RatingForm } from './rating-form';
import { ShopDetail, type DetailFocus } from './shop-detail';
import { ShopReviews } from './shop-reviews';

export type ShopPopupMode = 'detail' | 'rating' | 'reviews';

interface ShopPopupProps {
  /** The shop to show; null closes the popup. */
  shop: EstabelecimentoPublico | null;
  onClose: () => void;
  /** City of the promotions query (the consumer's). */
  codCidade: number;
}

/**
 * The shop popup (spec §2, §4): detail, rating form and reviews list in one Mantine Modal,
 * which locks the page scroll while open. Full screen on phones.
 */
export function ShopPopup({ shop, onClose, codCidade }: ShopPopupProps) {
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  // Keep the last shop while the modal closes, and start every opening on the detail; a
  // refetched list (a new object for the same shop) does not interrupt what the person does.
  const [shown, setShown] = useState<EstabelecimentoPublico | null>(shop);
  const [openKey, setOpenKey] = useState<number | null>(null);
  const [mode, setMode] = useState<ShopPopupMode>('detail');
  const [focus, setFocus] = useState<DetailFocus>(null);
  const key = shop?.id_estabelecimento ?? null;
  if (key !== openKey) {
    setOpenKey(key);
    if (shop) {
      setMode('detail');
      setFocus(null);
    }
  }
  if (shop && shop !== shown) setShown(shop);

  const back = (to: DetailFocus) => {
    setFocus(to);
    setMode('detail');
  };

  return (
    <Modal
      opened={shop !== null}
      onClose={onClose}
      title={shown?.nome ?? ''}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown ? (
        mode === 'rating' ? (
          <RatingForm idEstabelecimento={shown.id_estabelecimento} onDone={() => back('avaliar')} />
        ) : mode === 'reviews' ? (
          <ShopReviews idEstabelecimento={shown.id_estabelecimento} onBack={() => back('estrelas')} />
        ) : (
          <ShopDetail
            shop={shown}
            codCidade={codCidade}
            focus={focus}
            onRate={() => setMode('rating')}
            onShowReviews={() => setMode('reviews')}
          />
        )
      ) : null}
    </Modal>
  );
}
