import { useEffect } from 'react';
import { Center, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import type { Venda } from '@praca/contract';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useVendaQr } from '../api/get-venda-qr';
import { vendasQueryKey } from '../api/get-vendas';

const QR_SIZE = 200;

/**
 * In the edit dialog of a sale waiting for its QR claim, the same hand-over QR Code it was
 * registered with, until it is claimed or expires; then the server's reason instead (and the
 * list reloads, since the sale is no longer what it showed).
 */
export function PendingSaleQr({ venda }: { venda: Venda }) {
  const query = useVendaQr(venda.id_estabelecimento, venda.id_venda, venda.pendente);
  const queryClient = useQueryClient();
  const failed = query.isError;
  useEffect(() => {
    if (failed) void queryClient.invalidateQueries({ queryKey: vendasQueryKey });
  }, [failed, queryClient]);

  if (!venda.pendente) return null;
  let content;
  if (query.isPending) {
    content = (
      <Center role="status">
        <VisuallyHidden>Carregando o QR Code…</VisuallyHidden>
        <Skeleton w={QR_SIZE} h={QR_SIZE} />
      </Center>
    );
  } else if (query.isError) {
    content = (
      <Text c="red.9" size="sm" role="alert">
        {describeError(query.error)}
      </Text>
    );
  } else {
    content = (
      <>
        <Text size="sm">
          Peça ao cliente para abrir <strong>Resgatar venda</strong> no aplicativo e ler este código.
        </Text>
        <Center>
          <div style={{ background: '#fff', padding: 8, lineHeight: 0 }}>
            <QRCodeSVG
              value={query.data.codigo}
              size={QR_SIZE}
              level="L"
              marginSize={4}
              role="img"
              aria-label={`QR Code da venda ${venda.numero_venda}`}
              title={`QR Code da venda ${venda.numero_venda}`}
              data-testid="venda-qr-pendente"
            />
          </div>
        </Center>
        <Text ta="center" size="sm" fw={600}>
          Válido até {formatDateTime(query.data.expira_em)}
        </Text>
      </>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text fw={600}>Aguardando resgate</Text>
        {content}
      </Stack>
    </Paper>
  );
}
