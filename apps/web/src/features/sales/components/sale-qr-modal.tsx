import { useState } from 'react';
import { Button, Center, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { QRCodeSVG } from 'qrcode.react';
import { formatDateTime, formatMoney } from '@/lib/format';
import type { VendaQr } from '../api/create-venda';

export interface SaleQrInfo extends VendaQr {
  numero_venda: string;
  valor_venda: number;
}

interface SaleQrModalProps {
  qr: SaleQrInfo | null;
  onClose: () => void;
}

/**
 * The hand-over code of a pending sale as a QR image, big enough to scan from a phone held
 * at arm's length, with its expiry; the customer claims it at /meu/resgatar. The code's text
 * can also be copied and sent (the claim page accepts it pasted).
 */
export function SaleQrModal({ qr, onClose }: SaleQrModalProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [showText, setShowText] = useState(false);
  const size = phone ? 280 : 340;
  return (
    <Modal
      opened={qr !== null}
      onClose={onClose}
      title="QR Code da venda"
      size="md"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {qr ? (
        <Stack gap="md" align="stretch">
          <Text>
            Peça ao cliente para abrir <strong>Resgatar venda</strong> no aplicativo e ler este código. Venda{' '}
            {qr.numero_venda}, {formatMoney(qr.valor_venda)}.
          </Text>
          <Center>
            <div style={{ background: '#fff', padding: 8, lineHeight: 0 }}>
              <QRCodeSVG
                value={qr.codigo}
                size={size}
                level="L"
                marginSize={4}
                role="img"
                aria-label={`QR Code da venda ${qr.numero_venda}`}
                title={`QR Code da venda ${qr.numero_venda}`}
                data-testid="venda-qr"
              />
            </div>
          </Center>
          <Text ta="center" fw={600}>
            Válido até {formatDateTime(qr.expira_em)}
          </Text>
          <Group justify="center" gap="sm">
            <CopyButton value={qr.codigo}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Código copiado' : 'Copiar código'}
                </Button>
              )}
            </CopyButton>
            <Button variant="subtle" onClick={() => setShowText((s) => !s)} aria-expanded={showText}>
              {showText ? 'Ocultar código' : 'Mostrar código'}
            </Button>
          </Group>
          <Text
            size="xs"
            ff="monospace"
            style={{ wordBreak: 'break-all' }}
            hidden={!showText}
            data-testid="codigo-venda"
          >
            {qr.codigo}
          </Text>
          <Button onClick={onClose}>Concluir</Button>
        </Stack>
      ) : null}
    </Modal>
  );
}
