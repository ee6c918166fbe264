import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Venda } from '@praca/contract';
import { AlertIcon } from '@/components/icons';

/** What the partner reads instead of a form when a sale's coupons are in a frozen ticket file. */
const AVISO_VENDA_CONGELADA =
  'Os cupons desta venda estão no arquivo de bilhetes de uma apuração: ela não pode ser editada nem excluída.';

/**
 * Issue 49: the edit action of a sale with a coupon in an apuração's frozen ticket file
 * (`congelada` in the list) opens this notice, not the sale dialog: no field to type into, no
 * Salvar nor Excluir, since the server would refuse both (409). Issue 53: so does a sale the
 * customer's receipt confirmed, with its own `aviso`.
 */
export function FrozenSaleNotice({
  venda,
  onClose,
  aviso = AVISO_VENDA_CONGELADA,
}: {
  venda: Venda;
  onClose: () => void;
  aviso?: string;
}) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Venda ${venda.numero_venda}`}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<AlertIcon />} role="status">
          <Text size="sm">{aviso}</Text>
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Entendi
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
