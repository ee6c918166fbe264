import { useEffect, useRef, useState } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { DRAW_DELAY_MS, MSG_SORTEIO, SorteioQuery, type ResultadoSorteio } from '@praca/contract';
import { EditorErrorAlert, useEditorError } from '@/components/editor/editor-dialog';
import { Celebration } from '@/components/celebration';
import { ExternalLinkIcon } from '@/components/icons';
import { sorteioInstantaneoPath } from '@/config/paths';
import { ErrorState } from '@/components/query-states';
import { formatNumber } from '@/lib/format';
import { useCampanhasOpcoesAdm } from '@/lib/api/get-campanhas-opcoes-adm';
import { bilhetesUrl, useRegistroSorteio } from '@/lib/api/get-registro-sorteio';
import { useFaixaSorteio } from '../api/get-faixa-sorteio';
import { drawErrorMessage, useSortear } from '../api/sortear';
import { DrawDisplay, type DrawPhase } from './draw-display';

const SEED_LABEL = 'Semente pública (opcional)';
export const SEED_DESCRIPTION =
  'Ex.: resultado da Loteria Federal, concurso 5.930. Com semente o sorteio pode ser conferido por qualquer pessoa.';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

interface DrawDialogProps {
  /** The admin city: its campaigns are offered, and the draw is asked for it. */
  codCidade: number;
  onClose: () => void;
}

/**
 * The prize-draw dialog (spec §2, §4, §5, §8; domain §5): a campaign, the Duplica Loja and
 * Repete Usuario options and an optional public seed; 'Sortear' asks the server while the
 * display rolls, and shows the result after at least DRAW_DELAY_MS (exactly that when the
 * server is faster). A failure goes back to 'SORTEANDO' with the server's message ('Erro ao
 * sortear' by default) in the red alert. It cannot be closed while a draw runs.
 */
export function DrawDialog({ codCidade, onClose }: DrawDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const campanhas = useCampanhasOpcoesAdm(codCidade);
  const sortear = useSortear();
  const { error, show, clear } = useEditorError();

  const [idCampanha, setIdCampanha] = useState('');
  const [duplicaLoja, setDuplicaLoja] = useState(false);
  const [repeteUsuario, setRepeteUsuario] = useState(false);
  const [semente, setSemente] = useState('');
  const [phase, setPhase] = useState<DrawPhase>('idle');
  // The field a refusal points at: marked, and focused by the alert.
  const [refused, setRefused] = useState<'campanha' | 'semente' | null>(null);
  const [result, setResult] = useState<ResultadoSorteio | null>(null);
  const drawing = phase === 'drawing';
  // The chosen campaign's issued coupons: the rolling display shows only codes that exist.
  const faixa = useFaixaSorteio(Number(idCampanha) || 0);

  // A draw that ends after the dialog closed changes nothing on screen.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function draw() {
    if (drawing) return;
    const id = Number(idCampanha);
    if (!id) {
      setRefused('campanha');
      show(MSG_SORTEIO.selecioneCampanha);
      return;
    }
    const seed = semente.trim();
    if (seed && !SorteioQuery.shape.semente.safeParse(seed).success) {
      setRefused('semente');
      show(MSG_SORTEIO.sementeInvalida);
      return;
    }
    setRefused(null);
    clear();
    setResult(null);
    setPhase('drawing');
    // The show starts with the request; the result waits for whichever ends last.
    const show2s = wait(DRAW_DELAY_MS);
    try {
      const drawn = await sortear.mutateAsync({
        idCampanha: id,
        codCidade,
        duplicaLoja,
        repeteUsuario,
        semente: seed,
      });
      await show2s;
      if (!mounted.current) return;
      setResult(drawn);
      setPhase('done');
    } catch (e) {
      if (!mounted.current) return;
      setPhase('idle');
      show(drawErrorMessage(e));
    }
  }

  const options = [
    { value: '', label: MSG_SORTEIO.selecioneCampanha },
    ...(campanhas.data ?? []).map((c) => ({ value: String(c.id_campanha), label: c.den_campanha })),
  ];
  let campaignNote: string | undefined;
  if (campanhas.isPending) campaignNote = 'Carregando campanhas…';
  else if (campanhas.data?.length === 0) campaignNote = 'Nenhuma campanha cadastrada nesta cidade';

  return (
    <Modal
      opened
      onClose={() => {
        if (!drawing) onClose();
      }}
      title="Sorteio"
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar', disabled: drawing }}
      closeOnEscape={!drawing}
      closeOnClickOutside={!drawing}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void draw();
        }}
        aria-busy={drawing}
      >
        <Stack gap="md">
          {campanhas.isError ? (
            <ErrorState
              title="Não foi possível carregar as campanhas."
              error={campanhas.error}
              onRetry={() => void campanhas.refetch()}
              retrying={campanhas.isFetching}
            />
          ) : null}
          <NativeSelect
            label="Campanha"
            data={options}
            value={idCampanha}
            onChange={(e) => {
              setIdCampanha(e.currentTarget.value);
              setRefused(null);
              if (e.currentTarget.value) clear();
            }}
            error={refused === 'campanha'}
            description={campaignNote}
            rightSection={campanhas.isPending ? <Loader size="xs" /> : undefined}
            disabled={drawing}
            data-autofocus
          />
          <DrawDisplay phase={phase} codigo={result?.codigo} range={faixa.data} />
          <Group gap="lg">
            <Checkbox
              label="Duplica Loja"
              checked={duplicaLoja}
              onChange={(e) => setDuplicaLoja(e.currentTarget.checked)}
              disabled={drawing}
            />
            <Checkbox
              label="Repete Usuario"
              checked={repeteUsuario}
              onChange={(e) => setRepeteUsuario(e.currentTarget.checked)}
              disabled={drawing}
            />
          </Group>
          <Text size="xs" c="dimmed" mt={-8}>
            Desmarcados, ficam de fora os cupons de estabelecimentos e de participantes que já foram
            contemplados nesta campanha.
          </Text>
          <TextInput
            label={SEED_LABEL}
            description={SEED_DESCRIPTION}
            maxLength={200}
            value={semente}
            onChange={(e) => {
              setSemente(e.currentTarget.value);
              if (refused === 'semente') setRefused(null);
            }}
            error={refused === 'semente'}
            disabled={drawing}
            autoComplete="off"
          />
          {phase === 'done' && result ? <DrawResult result={result} /> : null}
          {/* Next to Sortear, where the person is (issue 35). */}
          <EditorErrorAlert error={error} onClose={clear} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button type="button" variant="default" onClick={onClose} disabled={drawing}>
              Fechar
            </Button>
            <Button type="submit" loading={drawing}>
              {phase === 'done' ? 'Sortear novamente' : 'Sortear'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The drawn coupon, read-only; for a seeded draw what an auditor needs to check it. A win is a
 * moment: a line of congratulations and a burst of confetti (issue 35).
 */
export function DrawResult({ result }: { result: ResultadoSorteio }) {
  const seeded = Boolean(result.semente);
  const registro = useRegistroSorteio(result.id_registro, seeded);
  const ticketFile = bilhetesUrl(registro.data?.bilhetes);
  const primeiro = result.nom_usuario.trim().split(/\s+/)[0] ?? '';
  return (
    <Fieldset legend="Resultado do sorteio" miw={0} pos="relative">
      <Celebration />
      <Stack gap="sm">
        <Text fw={800} c="sol.9" role="status">
          {primeiro ? `Temos um contemplado! Parabéns, ${primeiro}!` : 'Temos um contemplado!'}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Cupom" readOnly value={result.codigo} />
          <TextInput label="Nome" readOnly value={result.nom_usuario} />
          <TextInput label="Estabelecimento" readOnly value={result.nom_estabecimento} />
          <TextInput label="Campanha" readOnly value={result.den_campanha} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Sorteado entre {formatNumber(result.qtd_elegiveis)}{' '}
          {result.qtd_elegiveis === 1 ? 'cupom elegível' : 'cupons elegíveis'}.
        </Text>
        {seeded ? (
          <>
            <TextInput label="Semente pública" readOnly value={result.semente ?? ''} />
            <TextInput
              label="Hash da lista de bilhetes (SHA-256)"
              readOnly
              value={result.hash_lista ?? ''}
              styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
            />
            <TextInput
              label="Posição sorteada na lista"
              description="Contada a partir de 0, na lista de cupons em ordem de número"
              readOnly
              value={`${formatNumber(result.posicao)} de ${formatNumber(result.qtd_elegiveis)}`}
            />
          </>
        ) : null}
        <Group gap="md" wrap="wrap">
          {/* The web page of the record (issue 36), not the API's JSON. */}
          <Anchor
            component={Link}
            to={sorteioInstantaneoPath(result.id_registro)}
            target="_blank"
            rel="noopener"
            size="sm"
          >
            <Group gap={4} component="span" wrap="nowrap">
              Registro público do sorteio
              <ExternalLinkIcon size={14} />
              <VisuallyHidden>(abre em nova aba)</VisuallyHidden>
            </Group>
          </Anchor>
          {ticketFile ? (
            <Anchor href={ticketFile} download size="sm">
              Baixar arquivo de bilhetes
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Fieldset>
  );
}
