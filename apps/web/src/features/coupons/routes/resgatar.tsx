import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ResgateBody } from '@praca/contract';
import { Celebration } from '@/components/celebration';
import { checkWithContract, withRefusals } from '@/components/editor/contract-check';
import { useContractForm } from '@/components/editor/use-contract-form';
import { AlertIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { formatMoney, formatNumber } from '@/lib/format';
import { useResgatarVenda, type Resgate } from '../api/resgatar-venda';
import { CouponProgress } from '../components/coupon-progress';

/** An empty code says how to get one; a filled one is checked with the contract. */
function checkCodigo({ codigo }: { codigo: string }) {
  const own = codigo.trim()
    ? []
    : [{ erro: 'Cole o código da venda ou leia o QR Code.', campo: 'codigo' as const }];
  return withRefusals(own, checkWithContract(ResgateBody, { codigo }, ['codigo'] as const));
}

// The scanner and its WebAssembly load only when the camera is asked for.
const QrScanner = lazy(() => import('@/components/qr-scanner'));

/**
 * 'Resgatar venda' (/meu/resgatar): the consumer reads the partner's QR code with the phone's
 * camera, or pastes the code, and the sale's points and coupons become theirs.
 */
export function Component() {
  const [params] = useSearchParams();
  const [scanning, setScanning] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const [resgate, setResgate] = useState<Resgate | null>(null);
  const claim = useResgatarVenda();
  const { text, setField, save } = useContractForm({
    initial: { codigo: params.get('codigo') ?? '' },
    check: checkCodigo,
    show: setErro,
    busy: false,
    onValid: ({ codigo }) =>
      claim.mutate(codigo, {
        onSuccess: (r) => {
          setResgate(r);
          setField('codigo', '');
        },
        onError: (e) => setErro(describeError(e, 'Não foi possível resgatar a venda.')),
      }),
  });

  function resgatar() {
    setResgate(null);
    setErro(null);
    save();
  }

  return (
    <Stack gap="lg" maw={640}>
      <PageTitle>Resgatar venda</PageTitle>
      <Text>
        Na hora da compra, o estabelecimento mostra um QR Code. Leia-o com a câmera do celular para receber os
        pontos e cupons da venda.
      </Text>

      {scanning ? (
        <Suspense
          fallback={
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text>Preparando a câmera…</Text>
            </Group>
          }
        >
          <QrScanner
            onResult={(text) => {
              setScanning(false);
              setField('codigo', text);
              resgatar();
            }}
            onStop={() => setScanning(false)}
          />
        </Suspense>
      ) : (
        <Group>
          <Button
            size="md"
            onClick={() => {
              setErro(null);
              setResgate(null);
              setScanning(true);
            }}
            disabled={claim.isPending}
          >
            Ler QR Code
          </Button>
        </Group>
      )}

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          resgatar();
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Código da venda"
            description="Sem câmera? Cole aqui o código que o estabelecimento enviou."
            {...text('codigo')}
            autosize
            minRows={3}
            maxRows={8}
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
          />
          <Group>
            <Button type="submit" loading={claim.isPending}>
              Resgatar
            </Button>
          </Group>
        </Stack>
      </form>

      {erro ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          <Text size="sm" c="red.9">
            <strong>Venda não resgatada.</strong> {erro}
          </Text>
        </Alert>
      ) : null}

      {resgate ? <ResgateResultado resgate={resgate} /> : null}
    </Stack>
  );
}

function ResgateResultado({ resgate }: { resgate: Resgate }) {
  const n = resgate.cupons.length;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      role="status"
      aria-live="polite"
      pos="relative"
      bg={n > 0 ? 'sol.0' : undefined}
    >
      {n > 0 ? <Celebration /> : null}
      <Stack gap="sm">
        <Title order={2} fz="h3">
          Venda resgatada!
        </Title>
        {n > 0 ? (
          <Text fw={700} c="sol.9">
            {n === 1
              ? 'Oba, cupom novo! Ele já está no sorteio. Boa sorte!'
              : `Oba, ${n} cupons novos! Eles já estão no sorteio. Boa sorte!`}
          </Text>
        ) : null}
        <Text>
          {resgate.nomeestabelecimento}, {formatMoney(resgate.valor_venda)} na campanha {resgate.den_campanha}
          : você ganhou {formatNumber(resgate.pontos, 2)} pontos
          {n === 0 ? '.' : n === 1 ? ' e 1 cupom.' : ` e ${n} cupons.`}
        </Text>
        {n > 0 ? (
          <Stack gap={4}>
            <Text fw={600}>{n === 1 ? 'Seu novo cupom' : 'Seus novos cupons'}</Text>
            <Group
              gap="xs"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label="Novos cupons"
            >
              {resgate.cupons.map((c) => (
                <li key={`${c.id_campanha}-${c.id_sorteio}`}>
                  <Text ff="monospace" fw={700} px="sm" py={4} bg="praca.0" style={{ borderRadius: 6 }}>
                    {c.codigo}
                  </Text>
                </li>
              ))}
            </Group>
          </Stack>
        ) : (
          <Text c="dimmed">Esta compra ainda não completou um cupom, mas os pontos já contam.</Text>
        )}
        <CouponProgress saldo={resgate.saldo} />
        <Group>
          <Button component={Link} to={paths.meu.conquista} variant="outline">
            Ver minhas conquistas
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
