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
import { DRAW_DELAY_MS, MSG_SORTEIO, type AberturaSorteio, type ResultadoSorteio } from '@praca/contract';
import type { ContractCheck } from '@/components/editor/contract-check';
import { EditorErrorAlert, useEditorError } from '@/components/editor/editor-dialog';
import { useContractForm } from '@/components/editor/use-contract-form';
import { ApiError } from '@/lib/api-client';
import { Celebration } from '@/components/celebration';
import { ExternalLinkIcon } from '@/components/icons';
import { sorteioInstantaneoPath } from '@/config/paths';
import { ErrorState } from '@/components/query-states';
import { formatNumber } from '@/lib/format';
import { useCampanhasOpcoesAdm } from '@/lib/api/get-campanhas-opcoes-adm';
import { bilhetesUrl, useRegistroSorteio } from '@/lib/api/get-registro-sorteio';
import { useFaixaSorteio } from '../api/get-faixa-sorteio';
import { useAbrirSorteio } from '../api/abrir-sorteio';
import { drawErrorMessage, useSortear } from '../api/sortear';
import { DrawDisplay, type DrawPhase } from './draw-display';

export const HASH_NOTE =
  'Publicado antes do sorteio. O sorteio revela a semente, e qualquer pessoa confere que o SHA-256 dela é este hash.';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** The draw's choices: the campaign's id as text ('' none) and the two options. */
interface DrawValues {
  id_campanha: string;
  duplica_loja: boolean;
  repete_usuario: boolean;
}

interface DrawChoice {
  idCampanha: number;
  duplicaLoja: boolean;
  repeteUsuario: boolean;
}

/** Spec §5 Prize draw: a campaign must be chosen ('Selecione uma campanha'), under its field. */
function checkDraw(v: DrawValues): ContractCheck<DrawChoice, keyof DrawValues> {
  const idCampanha = Number(v.id_campanha) || 0;
  if (!idCampanha) return { ok: false, erro: MSG_SORTEIO.selecioneCampanha, campo: 'id_campanha' };
  return { ok: true, body: { idCampanha, duplicaLoja: v.duplica_loja, repeteUsuario: v.repete_usuario } };
}

interface DrawDialogProps {
  /** The admin city: its campaigns are offered, and the draw is asked for it. */
  codCidade: number;
  onClose: () => void;
}

/**
 * The prize-draw dialog (spec §2, §4, §5, §8; domain §5): a campaign and the Duplica Loja and
 * Repete Usuario options; 'Sortear' asks the server while the display rolls, and shows the
 * result after at least DRAW_DELAY_MS (exactly that when the server is faster). A failure goes
 * back to 'SORTEANDO' with the server's message ('Erro ao sortear' by default) in the red alert.
 * It cannot be closed while a draw runs.
 *
 * Commit-reveal (issue 49): choosing a campaign opens its draw, which publishes the hash of a
 * seed the server made (shown here, "Hash da semente"); the draw uses that opening and reveals
 * the seed. An opening serves one draw: 'Sortear novamente' opens another first. The admin
 * never picks the seed.
 */
export function DrawDialog({ codCidade, onClose }: DrawDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const campanhas = useCampanhasOpcoesAdm(codCidade);
  const sortear = useSortear();
  const abrir = useAbrirSorteio();
  const { error, show, clear } = useEditorError();

  // The unused opening of each campaign chosen in this dialog (its seed hash is public).
  const [abertas, setAbertas] = useState<Record<number, AberturaSorteio>>({});
  const [phase, setPhase] = useState<DrawPhase>('idle');
  const [result, setResult] = useState<ResultadoSorteio | null>(null);
  const drawing = phase === 'drawing';
  const { values, mark, bind, setField, save } = useContractForm({
    initial: { id_campanha: '', duplica_loja: false, repete_usuario: false },
    check: checkDraw,
    show,
    busy: drawing,
    onValid: (choice) => void draw(choice),
  });
  const idCampanha = values?.id_campanha ?? '';
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

  const forget = (id: number) =>
    setAbertas((all) => {
      const rest = { ...all };
      delete rest[id];
      return rest;
    });

  /** Opens the campaign's draw (publishes the seed hash) unless an unused opening is at hand. */
  async function opening(id: number): Promise<AberturaSorteio> {
    const known = abertas[id];
    if (known) return known;
    const a = await abrir.mutateAsync(id);
    if (mounted.current) setAbertas((all) => ({ ...all, [id]: a }));
    return a;
  }

  function chooseCampaign(value: string) {
    setField('id_campanha', value);
    if (value) clear();
    const id = Number(value);
    // Opening the campaign's draw publishes its seed hash before any draw.
    if (id && !abertas[id] && !abrir.isPending) {
      opening(id).catch((e: unknown) => {
        if (mounted.current) show(drawErrorMessage(e));
      });
    }
  }

  async function draw({ idCampanha: id, duplicaLoja, repeteUsuario }: DrawChoice) {
    clear();
    setResult(null);
    setPhase('drawing');
    try {
      const abertura = await opening(id);
      // The show starts with the request; the result waits for whichever ends last.
      const show2s = wait(DRAW_DELAY_MS);
      const drawn = await sortear.mutateAsync({
        idCampanha: id,
        codCidade,
        duplicaLoja,
        repeteUsuario,
        abertura: abertura.id_abertura,
      });
      forget(id); // used: the next draw opens another
      await show2s;
      if (!mounted.current) return;
      setResult(drawn);
      setPhase('done');
    } catch (e) {
      if (!mounted.current) return;
      // Used by another draw or gone: the next try opens a new one.
      if (e instanceof ApiError && (e.status === 409 || e.status === 404)) forget(id);
      setPhase('idle');
      show(drawErrorMessage(e));
    }
  }

  const aberta = abertas[Number(idCampanha)];
  // Before a draw, the opening's hash; after it, the hash the drawn seed matches.
  const hashSemente = aberta?.hash_semente ?? (phase === 'done' ? result?.hash_semente : null) ?? null;

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
          if (!drawing) save();
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
            onChange={(e) => chooseCampaign(e.currentTarget.value)}
            error={mark('id_campanha')}
            ref={bind('id_campanha')}
            description={campaignNote}
            rightSection={campanhas.isPending ? <Loader size="xs" /> : undefined}
            disabled={drawing}
            data-autofocus
          />
          <DrawDisplay phase={phase} codigo={result?.codigo} range={faixa.data} />
          <Group gap="lg">
            <Checkbox
              label="Duplica Loja"
              checked={values?.duplica_loja ?? false}
              onChange={(e) => setField('duplica_loja', e.currentTarget.checked)}
              disabled={drawing}
            />
            <Checkbox
              label="Repete Usuario"
              checked={values?.repete_usuario ?? false}
              onChange={(e) => setField('repete_usuario', e.currentTarget.checked)}
              disabled={drawing}
            />
          </Group>
          <Text size="xs" c="dimmed" mt={-8}>
            Desmarcados, ficam de fora os cupons de estabelecimentos e de participantes que já foram
            contemplados nesta campanha.
          </Text>
          {hashSemente ? (
            <Stack gap={2}>
              <Text size="sm">
                Hash da semente:{' '}
                <Text span ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
                  {hashSemente}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {HASH_NOTE}
              </Text>
            </Stack>
          ) : abrir.isPending ? (
            <Text size="sm" c="dimmed" role="status">
              Publicando o hash da semente…
            </Text>
          ) : null}
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
            <TextInput
              label={result.hash_semente ? 'Semente revelada' : 'Semente pública'}
              description={
                result.hash_semente
                  ? `SHA-256: ${result.hash_semente} (publicado antes do sorteio)`
                  : undefined
              }
              readOnly
              value={result.semente ?? ''}
              styles={{
                input: { fontFamily: 'monospace', fontSize: 12 },
                description: { wordBreak: 'break-all' },
              }}
            />
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
