import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MSG_RECIBO, RESULTADO_RECIBO, ReciboBody, type Recibo } from '@praca/contract';
import { checkWithContract } from '@/components/editor/contract-check';
import { useContractForm } from '@/components/editor/use-contract-form';
import { AlertIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { ApiError, describeError } from '@/lib/api-client';
import { checarChaveNoAparelho, formatarChave } from '@/lib/chave-nfce';
import { formatDate, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { todayIso } from '@/lib/today';
import { useEnviarRecibo } from '../api/create-recibo';
import { DoarEntidade } from './doar-entidade';
import { dataEmissao, StatusReciboBadge } from './status-recibo';

// The scanner and its WebAssembly load only when the camera is asked for.
const QrScanner = lazy(() => import('@/components/qr-scanner'));

/** What the camera is pointed at, and what to do without it. */
const MIRA = 'Aponte a câmera para o QR code da nota fiscal';
const SEM_CAMERA = 'Digite a chave de acesso abaixo.';

/** Whether a refusal is the 409 of a receipt the shop reported without a buyer (key not spent). */
const semComprador = (e: unknown) =>
  e instanceof ApiError && e.status === 409 && e.message === MSG_RECIBO.semComprador;

/**
 * 'Escanear nota fiscal' (/meu/notas/escanear, issue 53): the resident reads the QR code of a
 * purchase's NFC-e with the phone's camera, or types its 44-position key; the device checks it
 * first (the contract's offline checks, in the city's state and this month), then the server
 * says what it became, in plain words. A receipt the shop reported without a buyer can only be
 * donated: the entity is chosen here and the same receipt sent again with it.
 */
export function EscanearNotaScreen() {
  const session = useSession();
  const onde = { uf: session?.uf, hoje: todayIso() };
  const [scanning, setScanning] = useState(false);
  const [erro, setErro] = useState<{ message: string; seq: number } | null>(null);
  const [feito, setFeito] = useState<Recibo | null>(null);
  /** The receipt to send again with the entity it is donated to. */
  const [doavel, setDoavel] = useState<ReciboBody | null>(null);
  const [erroDoacao, setErroDoacao] = useState<string | null>(null);
  const enviar = useEnviarRecibo();

  const mostrar = (message: string) => setErro((p) => ({ message, seq: (p?.seq ?? 0) + 1 }));
  const limpar = () => {
    setErro(null);
    setFeito(null);
    setDoavel(null);
    setErroDoacao(null);
  };

  const { text, setField, save } = useContractForm({
    initial: { chave: '' },
    check: ({ chave }: { chave: string }) => {
      // The device's checks first (their own words under the field), then the contract's body.
      const lida = checarChaveNoAparelho(chave, onde);
      if (!lida.ok) return { ok: false, erro: lida.erro, campo: 'chave' };
      return checkWithContract(ReciboBody, { chave: lida.chave }, ['chave'] as const);
    },
    show: mostrar,
    busy: enviar.isPending,
    onValid: (body) => enviarRecibo(body),
  });

  function enviarRecibo(body: ReciboBody) {
    enviar.mutate(body, {
      onSuccess: (recibo) => {
        limpar();
        setFeito(recibo);
        setField('chave', '');
      },
      onError: (e) => {
        if (body.id_entidade !== undefined) setErroDoacao(describeError(e, 'Não foi possível doar a nota.'));
        else if (semComprador(e)) setDoavel(body);
        else mostrar(describeError(e, 'Não foi possível registrar a nota.'));
      },
    });
  }

  function lido(texto: string) {
    setScanning(false);
    limpar();
    const lida = checarChaveNoAparelho(texto, onde);
    if (!lida.ok) mostrar(lida.erro);
    else enviarRecibo({ qrcode: texto });
  }

  return (
    <Stack gap="lg" maw={640}>
      <PageTitle>Escanear nota fiscal</PageTitle>
      <Text>
        Comprou numa loja participante? Escaneie o QR code da nota fiscal (NFC-e) ou digite a chave de acesso.
        Quando a loja também informar a nota, a compra fica confirmada no seu extrato.
      </Text>
      <Anchor component={Link} to={paths.meu.notas} w="fit-content">
        Ver minhas notas
      </Anchor>

      {scanning ? (
        <Suspense
          fallback={
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text>Preparando a câmera…</Text>
            </Group>
          }
        >
          <QrScanner onResult={lido} onStop={() => setScanning(false)} aim={MIRA} fallback={SEM_CAMERA} />
        </Suspense>
      ) : (
        <Group>
          <Button
            size="md"
            onClick={() => {
              limpar();
              setScanning(true);
            }}
            disabled={enviar.isPending}
          >
            Ler QR code da nota
          </Button>
        </Group>
      )}

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          limpar();
          save();
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Chave de acesso"
            description="Os 44 números impressos perto do QR code da nota, com ou sem espaços."
            {...text('chave')}
            autosize
            minRows={2}
            maxRows={4}
            autoComplete="off"
            spellCheck={false}
            inputMode="text"
            styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
          />
          <Group>
            <Button type="submit" loading={enviar.isPending && !doavel}>
              Enviar nota
            </Button>
          </Group>
        </Stack>
      </form>

      {erro ? (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" key={erro.seq}>
          <Text size="sm" c="red.9">
            <strong>Nota não creditada.</strong> {erro.message}
          </Text>
        </Alert>
      ) : null}

      {doavel ? (
        <Paper withBorder radius="md" p="md" role="region" aria-labelledby="nota-sem-comprador">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="nota-sem-comprador">
              Nota sem comprador
            </Title>
            <Text size="sm">{MSG_RECIBO.semComprador}</Text>
            <DoarEntidade
              codCidade={session?.cod_cidade ?? 0}
              busy={enviar.isPending}
              erro={erroDoacao}
              onErroClose={() => setErroDoacao(null)}
              onDoar={(idEntidade) => {
                setErroDoacao(null);
                enviarRecibo({ ...doavel, id_entidade: idEntidade });
              }}
              autoFocus
            />
          </Stack>
        </Paper>
      ) : null}

      {feito ? <Resultado recibo={feito} /> : null}
    </Stack>
  );
}

/** What the receipt became (201), in the contract's words. */
function Resultado({ recibo }: { recibo: Recibo }) {
  const texto =
    recibo.status === 'creditado' || recibo.status === 'pendente' || recibo.status === 'doado'
      ? RESULTADO_RECIBO[recibo.status]
      : null;
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-live="polite">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={2} fz="h4">
            {recibo.status === 'creditado' ? 'Nota confirmada' : 'Nota registrada'}
          </Title>
          <StatusReciboBadge status={recibo.status} />
        </Group>
        {texto ? <Text fw={600}>{texto}</Text> : null}
        <Text size="sm">
          {recibo.nome_estabelecimento} · emitida em {dataEmissao(recibo.dat_emissao)}
          {recibo.valor !== null ? ` · ${formatMoney(recibo.valor)}` : ''}
        </Text>
        {recibo.status === 'doado' && recibo.nome_entidade ? (
          <Text size="sm">Doada para {recibo.nome_entidade}.</Text>
        ) : null}
        {recibo.status === 'pendente' && recibo.expira_em ? (
          <Text size="sm">Se a loja não informar a nota até {formatDate(recibo.expira_em)}, ela expira.</Text>
        ) : null}
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          Chave {formatarChave(recibo.chave)}
        </Text>
        <Group>
          <Button component={Link} to={paths.meu.notas} variant="outline">
            Ver minhas notas
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
