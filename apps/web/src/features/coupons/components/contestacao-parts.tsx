import { useState } from 'react';
import {
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ContestacaoBody, type Contestacao, type ExtratoItem } from '@praca/contract';
import { DATA_DIGITADA_INVALIDA, DateInput, isIsoDay } from '@/components/date-input';
import { checkWithContract, withRefusals, type ContractRefusal } from '@/components/editor/contract-check';
import { useContractForm } from '@/components/editor/use-contract-form';
import { FormAlert } from '@/components/form-alert';
import { MoneyInput } from '@/components/money-input';
import { EmptyState, ErrorState } from '@/components/query-states';
import { describeError } from '@/lib/api-client';
import { checkImageFile } from '@/lib/image-client';
import { decimalMessage, MONEY_EXAMPLE, readDecimal } from '@/lib/decimal-text';
import { formatDate, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { enviarComprovante, useAbrirContestacao, useMinhasContestacoes } from '../api/contestacoes';
import { StatusContestacaoBadge, TIPO_LABEL } from '@/components/contestacao-status';
import { ComprovanteDialog } from '@/components/comprovante-dialog';
import { ShopSearchSelect } from '@/components/shop-search-select';

/**
 * The resident's side of a complaint (issue 37), on the Extrato: 'Não reconheço esta compra' on
 * each line (after a confirmation), 'Minha compra não foi registrada' (a form), and the list of
 * the resident's complaints with their status.
 */

interface Shown {
  message: string;
  seq: number;
  tone: 'error' | 'success';
}

/** 'Não reconheço esta compra' on a statement line, confirmed in a dialog. */
export function NaoReconhecoButton({
  linha,
  onDone,
}: {
  linha: ExtratoItem;
  onDone: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<Shown | null>(null);
  const abrir = useAbrirContestacao();
  const confirm = () =>
    abrir.mutate(
      { tipo: 'nao_reconheco', id_venda: linha.id_venda },
      {
        onSuccess: () => {
          setOpen(false);
          onDone('Contestação enviada. A administração da cidade vai analisar e você será avisado.');
        },
        onError: (e) =>
          setError((p) => ({
            message: describeError(e, 'Não foi possível enviar a contestação'),
            seq: (p?.seq ?? 0) + 1,
            tone: 'error',
          })),
      },
    );
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        mt="xs"
        onClick={() => setOpen(true)}
        aria-label={`Não reconheço esta compra: venda ${linha.numero_venda} de ${linha.nomeestabelecimento}`}
      >
        Não reconheço esta compra
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Não reconheço esta compra"
        centered
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Contestar a venda {linha.numero_venda} de {linha.nomeestabelecimento}, em{' '}
            {formatDate(linha.dat_venda)}, de {formatMoney(linha.valor_venda)}? Se a contestação for aceita, a
            venda e seus cupons saem do seu extrato.
          </Text>
          <FormAlert message={error?.message ?? null} seq={error?.seq} onClose={() => setError(null)} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button color="red.9" onClick={confirm} loading={abrir.isPending}>
              Contestar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The 'não registrada' form's fields as typed ('' for none). */
interface NaoRegistradaValues {
  /** The shop's id as text. */
  id_estabelecimento: string;
  dat_venda: string;
  valor_venda: string;
  numero_venda: string;
}

type NaoRegistradaField = keyof NaoRegistradaValues;

const NAO_REGISTRADA_FIELDS: readonly NaoRegistradaField[] = [
  'id_estabelecimento',
  'dat_venda',
  'valor_venda',
  'numero_venda',
];

/**
 * The 'não registrada' complaint, checked with the contract's schema (issue 51): every field at
 * once, so sending it empty marks each required one. An empty field says what to fill; a
 * filled one keeps the contract's message.
 */
function checkNaoRegistrada(v: NaoRegistradaValues) {
  const own: ContractRefusal<NaoRegistradaField>[] = [];
  if (!v.id_estabelecimento) own.push({ erro: 'Escolha o estabelecimento', campo: 'id_estabelecimento' });
  if (!v.dat_venda.trim()) own.push({ erro: 'Informe a data da compra', campo: 'dat_venda' });
  else if (!isIsoDay(v.dat_venda)) own.push({ erro: DATA_DIGITADA_INVALIDA, campo: 'dat_venda' });
  const valor = readDecimal(v.valor_venda, 2);
  if (!valor.ok) {
    const erro = decimalMessage(valor.reason, { label: 'Valor', places: 2, example: MONEY_EXAMPLE });
    own.push({ erro, campo: 'valor_venda' });
  }
  const numero = v.numero_venda.trim();
  if (!numero) own.push({ erro: 'Informe o número da venda (do recibo)', campo: 'numero_venda' });
  const raw = {
    tipo: 'nao_registrada' as const,
    id_estabelecimento: Number(v.id_estabelecimento) || 0,
    dat_venda: v.dat_venda,
    valor_venda: valor.ok ? valor.value : 0,
    numero_venda: numero,
  };
  return withRefusals(own, checkWithContract(ContestacaoBody, raw, NAO_REGISTRADA_FIELDS));
}

/**
 * 'Minha compra não foi registrada': shop, date, value and receipt number, and optionally a
 * photo of the receipt. The photo is sent first (it stays private: the resident and the city's
 * admins see it), then the complaint names it; a photo already sent is not sent again when the
 * complaint is retried.
 */
export function NaoRegistradaDialog({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const session = useSession();
  const abrir = useAbrirContestacao();
  const phone = useMediaQuery('(max-width: 36em)');
  const [foto, setFoto] = useState<File | null>(null);
  const [enviada, setEnviada] = useState<{ file: File; imagem: string } | null>(null);
  const [enviandoFoto, setEnviandoFoto] = useState(false);
  const [error, setError] = useState<Shown | null>(null);
  const show = (message: string) => setError((p) => ({ message, seq: (p?.seq ?? 0) + 1, tone: 'error' }));

  /** The photo's stored path: '' without one; null when sending it failed (the error is shown). */
  const fotoEnviada = async (): Promise<string | null> => {
    if (!foto) return '';
    if (enviada?.file === foto) return enviada.imagem;
    setEnviandoFoto(true);
    try {
      const imagem = await enviarComprovante(foto);
      setEnviada({ file: foto, imagem });
      return imagem;
    } catch (e) {
      show(describeError(e, 'Não foi possível enviar a foto do comprovante'));
      return null;
    } finally {
      setEnviandoFoto(false);
    }
  };

  /** Sends the checked complaint: the photo first (when there is one), then the complaint naming it. */
  const send = async (dados: ContestacaoBody) => {
    if (dados.tipo !== 'nao_registrada') return;
    const refused = foto ? checkImageFile(foto) : null;
    if (refused) return show(refused);
    const imagem = await fotoEnviada();
    if (imagem === null) return;
    abrir.mutate(imagem ? { ...dados, imagem } : dados, {
      onSuccess: () =>
        onDone('Contestação enviada. A administração da cidade vai analisar e você será avisado.'),
      onError: (e) => show(describeError(e, 'Não foi possível enviar a contestação')),
    });
  };
  const { values, text, mark, bind, setField, save } = useContractForm({
    initial: { id_estabelecimento: '', dat_venda: '', valor_venda: '', numero_venda: '' },
    check: checkNaoRegistrada,
    show,
    busy: enviandoFoto || abrir.isPending,
    onValid: (dados) => {
      setError(null);
      void send(dados);
    },
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title="Minha compra não foi registrada"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        noValidate
      >
        <Stack gap="sm">
          <ShopSearchSelect
            codCidade={session?.cod_cidade ?? 0}
            label="Estabelecimento"
            value={values?.id_estabelecimento ?? ''}
            onChange={(v) => setField('id_estabelecimento', v)}
            inputRef={bind('id_estabelecimento')}
            error={mark('id_estabelecimento')}
            required
          />
          <DateInput
            label="Data da compra"
            value={values?.dat_venda ?? ''}
            onChange={(v) => setField('dat_venda', v)}
            inputRef={bind('dat_venda')}
            error={mark('dat_venda')}
            required
          />
          <MoneyInput
            label="Valor"
            {...text('valor_venda')}
            onChange={(v) => setField('valor_venda', v)}
            required
          />
          <TextInput label="Número da venda (do recibo)" {...text('numero_venda')} maxLength={40} required />
          <FileInput
            label="Foto do comprovante (opcional)"
            description="A nota ou o recibo. Só você e a administração da cidade podem ver a foto."
            placeholder="Escolher foto"
            accept="image/*"
            value={foto}
            onChange={setFoto}
            clearable
            clearButtonProps={{ 'aria-label': 'Remover a foto do comprovante' }}
          />
          {enviandoFoto ? (
            <Text size="sm" role="status">
              Enviando a foto do comprovante…
            </Text>
          ) : null}
          <FormAlert message={error?.message ?? null} seq={error?.seq} onClose={() => setError(null)} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={enviandoFoto || abrir.isPending}>
              Enviar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 'Minhas contestações': each with its status and the admin's reason once decided. */
export function MinhasContestacoes() {
  const query = useMinhasContestacoes();
  const [comprovante, setComprovante] = useState<Contestacao | null>(null);
  let content;
  if (query.isPending) {
    content = <Skeleton h={80} role="status" aria-label="Carregando contestações…" />;
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar suas contestações."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (query.data.length === 0) {
    content = <EmptyState>Você não tem contestações.</EmptyState>;
  } else {
    content = (
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Minhas contestações"
      >
        {query.data.map((c) => (
          <li key={c.id_contestacao}>
            <Card withBorder radius="md" padding="sm">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600}>{TIPO_LABEL[c.tipo]}</Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {c.nome_estabelecimento} · {formatDate(c.dat_venda)} · {formatMoney(c.valor_venda)} ·
                    Venda {c.numero_venda}
                  </Text>
                  {c.motivo ? <Text size="sm">Motivo: {c.motivo}</Text> : null}
                  {c.imagem ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      px={0}
                      w="fit-content"
                      onClick={() => setComprovante(c)}
                      aria-label={`Ver comprovante da compra ${c.numero_venda} em ${c.nome_estabelecimento}`}
                    >
                      Ver comprovante
                    </Button>
                  ) : null}
                </Stack>
                <StatusContestacaoBadge status={c.status} />
              </Group>
            </Card>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="minhas-contestacoes">
      <Title order={2} fz="h4" id="minhas-contestacoes">
        Minhas contestações
      </Title>
      {content}
      {comprovante ? (
        <ComprovanteDialog
          idContestacao={comprovante.id_contestacao}
          resumo={`Venda ${comprovante.numero_venda} de ${comprovante.nome_estabelecimento}, ${formatDate(comprovante.dat_venda)}, ${formatMoney(comprovante.valor_venda)}.`}
          alt={`Foto do comprovante da venda ${comprovante.numero_venda} de ${comprovante.nome_estabelecimento}`}
          onClose={() => setComprovante(null)}
        />
      ) : null}
    </Stack>
  );
}
