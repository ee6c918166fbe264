import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { MSG_VENDA, mascararChave, type Venda, type VendaDaLista } from '@praca/contract';
import { AlertIcon, SearchIcon } from '@/components/icons';
import { AdminListTable } from '@/components/admin-list/admin-list';
import { PageTitle } from '@/components/page-title';
import { ExportMenu } from '@/components/export-menu';
import { EmptyState, ErrorState } from '@/components/query-states';
import { formatDate, formatMoney } from '@/lib/format';
import { useSession } from '@/lib/session';
import { currentYear, todayIso } from '@/lib/today';
import { useCampanhasLoja } from '../api/get-campanhas-loja';
import { useVendas } from '../api/get-vendas';
import { FrozenSaleNotice } from './frozen-sale-notice';
import { SaleDialog } from './sale-dialog';
import { SaleQrModal, type SaleQrInfo } from './sale-qr-modal';
import { useShopChoice, type SalesMode } from './shop-choice';

/** 'Aguardando resgate': a QR sale nobody has claimed yet. */
const PENDING_LABEL = 'Aguardando resgate';
/** A dark amber: 6:1 against white, readable as text and as a badge's background. */
const PENDING_COLOR = '#8a5300';

const recipientOf = (v: Venda): string => {
  // Issue 40: a sale waiting for the account of a CPF names it masked.
  if (v.pendente_cpf) return `Aguardando cadastro do CPF ${v.cpf ?? ''}`.trim();
  return v.pendente || v.id_usuario < 0 ? PENDING_LABEL : v.nomeusuarios;
};

/** Issue 53: a sale the customer's scanned receipt matched. */
export const CONFIRMADA_RECIBO = 'Confirmada pelo recibo';

/** Issue 53: the receipt's key a sale reported (masked: its state, month, CNPJ and last 4), and its match. */
function NotaFiscal({ venda: v }: { venda: Venda }) {
  if (!v.chave_nfce) return <>—</>;
  return (
    <>
      <Text span size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {mascararChave(v.chave_nfce)}
      </Text>
      {v.confirmada_recibo ? (
        <Badge color="praca" variant="light" mt={4} display="block" w="fit-content">
          {CONFIRMADA_RECIBO}
        </Badge>
      ) : null}
    </>
  );
}

/** Issue 52: why a sale waiting for a CPF was not credited (admins only receive it). */
const waitReason = (v: Venda): string | null => (v.cpf_motivo ? `Não creditada: ${v.cpf_motivo}` : null);

type Editing = { venda: VendaDaLista | null } | null;

/**
 * 'Vender' (spec §2 Partner sales list), for partners (/parceiro/vender) and admins
 * (/admin/vender): shop and campaign selectors, search, Nova venda, Atualizar, the paged
 * table of sales and the sale dialog.
 */
export function SalesScreen({ mode }: { mode: SalesMode }) {
  const session = useSession();
  const choice = useShopChoice(mode, session);
  const [shopPick, setShopPick] = useState(0);
  const idEstabelecimento = choice.shops.some((s) => s.id === shopPick)
    ? shopPick
    : (choice.shops[0]?.id ?? 0);
  const shopName = choice.shops.find((s) => s.id === idEstabelecimento)?.nome ?? '';

  const [idCampanha, setIdCampanha] = useState(0);
  const [pagina, setPagina] = useState(1);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [qr, setQr] = useState<SaleQrInfo | null>(null);

  const campanhas = useCampanhasLoja(idEstabelecimento);
  const list = campanhas.data ?? [];
  const campanhaValida = list.some((c) => c.id_campanha === idCampanha) ? idCampanha : 0;
  const vendas = useVendas({ idEstabelecimento, idCampanha: campanhaValida, pagina, q });

  // The last sale of a page went away: show the page before.
  if (vendas.data && vendas.data.itens.length === 0 && pagina > 1 && !vendas.isPlaceholderData) {
    setPagina(pagina - 1);
  }

  const ano = currentYear();
  const campaignOptions = [
    { value: '0', label: `Todas as campanhas de ${ano}` },
    ...list.map((c) => ({ value: String(c.id_campanha), label: c.den_campanha })),
  ];
  const noCampaigns = campanhas.isSuccess && list.length === 0;
  const today = todayIso();
  const defaultCampanha =
    campanhaValida ||
    list.find((c) => c.validade_ini.slice(0, 10) <= today && today <= c.validade_fim.slice(0, 10))
      ?.id_campanha ||
    list[0]?.id_campanha ||
    0;

  const chooseShop = (id: number) => {
    setShopPick(id);
    setIdCampanha(0);
    setPagina(1);
  };

  let shopArea;
  if (choice.needsCity) {
    shopArea = <EmptyState>Escolha a cidade no topo da página para ver os estabelecimentos.</EmptyState>;
  } else if (choice.loading) {
    shopArea = <Skeleton h={60} role="status" aria-label="Carregando estabelecimentos" />;
  } else if (choice.error) {
    shopArea = (
      <ErrorState
        title="Não foi possível carregar os estabelecimentos."
        error={choice.error}
        onRetry={choice.retry}
      />
    );
  } else if (choice.shops.length === 0) {
    shopArea = (
      <EmptyState>
        {mode === 'parceiro'
          ? 'Nenhum estabelecimento está vinculado ao seu usuário.'
          : 'Nenhum estabelecimento ativo nesta cidade.'}
      </EmptyState>
    );
  } else if (choice.shops.length > 1 || mode === 'admin') {
    shopArea = (
      <Select
        label="Estabelecimento"
        data={choice.shops.map((s) => ({ value: String(s.id), label: s.nome }))}
        value={String(idEstabelecimento)}
        onChange={(v) => v && chooseShop(Number(v))}
        allowDeselect={false}
        searchable={choice.shops.length > 8}
        nothingFoundMessage="Nenhum estabelecimento com este nome"
        maw={{ sm: 360 }}
      />
    );
  } else {
    shopArea = (
      <Text>
        Estabelecimento: <strong>{shopName}</strong>
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <PageTitle>Vender</PageTitle>
        {mode === 'parceiro' && session?.nome ? (
          <Text size="lg" fw={600} data-testid="nome-parceiro">
            {session.nome}
          </Text>
        ) : null}
      </Stack>

      {shopArea}

      {idEstabelecimento > 0 ? (
        <>
          {mode === 'admin' ? (
            <ExportMenu
              path="/v1/parceiro/vendas"
              what={`vendas de ${shopName}`}
              query={{
                id_estabelecimento: idEstabelecimento,
                id_campanha: campanhaValida,
                q: q || undefined,
              }}
            />
          ) : null}
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Campanha"
              data={campaignOptions}
              value={String(campanhaValida)}
              onChange={(v) => {
                setIdCampanha(Number(v ?? 0));
                setPagina(1);
              }}
              allowDeselect={false}
              disabled={campanhas.isPending}
              w={{ base: '100%', sm: 320 }}
            />
            <form
              role="search"
              aria-label="Buscar vendas"
              onSubmit={(e) => {
                e.preventDefault();
                setQ(search.trim());
                setPagina(1);
              }}
              style={{ flex: '1 1 220px' }}
            >
              <TextInput
                label="Buscar"
                placeholder="Número da venda ou destinatário"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                rightSectionWidth={42}
                rightSection={
                  <ActionIcon type="submit" variant="filled" size="lg" aria-label="Buscar">
                    <SearchIcon />
                  </ActionIcon>
                }
              />
            </form>
          </Group>

          {campanhas.isError ? (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="red.9">
                  {MSG_VENDA.campanhasNaoCarregadas}
                </Text>
                <Button size="xs" variant="white" color="red.9" onClick={() => void campanhas.refetch()}>
                  Tentar novamente
                </Button>
              </Group>
            </Alert>
          ) : null}
          {noCampaigns ? (
            <Alert color="yellow" variant="light" icon={<AlertIcon />} role="status">
              <Text size="sm">{MSG_VENDA.naoParticipa}</Text>
            </Alert>
          ) : null}

          <Group gap="sm">
            <Button
              onClick={() => setEditing({ venda: null })}
              disabled={!campanhas.isSuccess || noCampaigns}
            >
              Nova venda
            </Button>
            <Button
              variant="default"
              loading={vendas.isFetching && !vendas.isPending}
              onClick={() => {
                void vendas.refetch();
                if (!campanhas.isSuccess) void campanhas.refetch();
              }}
            >
              Atualizar
            </Button>
          </Group>

          <SalesTable
            query={vendas}
            q={q}
            pagina={pagina}
            onPage={setPagina}
            onEdit={(venda) => setEditing({ venda })}
          />
        </>
      ) : null}

      {editing?.venda?.congelada ? (
        // Issue 49: told before any field, since it can be neither edited nor deleted.
        <FrozenSaleNotice venda={editing.venda} onClose={() => setEditing(null)} />
      ) : editing?.venda?.confirmada_recibo ? (
        // Issue 53: nor can a sale the customer's receipt confirmed.
        <FrozenSaleNotice
          venda={editing.venda}
          onClose={() => setEditing(null)}
          aviso={MSG_VENDA.vendaConfirmadaPeloRecibo}
        />
      ) : editing ? (
        <SaleDialog
          key={editing.venda?.id_venda ?? 'nova'}
          idEstabelecimento={idEstabelecimento}
          campanhas={list}
          idCampanha={defaultCampanha}
          venda={editing.venda}
          onClose={() => setEditing(null)}
          onQrCreated={setQr}
        />
      ) : null}
      <SaleQrModal qr={qr} onClose={() => setQr(null)} />
    </Stack>
  );
}

interface SalesTableProps {
  query: ReturnType<typeof useVendas>;
  q: string;
  pagina: number;
  onPage: (page: number) => void;
  onEdit: (venda: VendaDaLista) => void;
}

function SalesTable({ query, q, pagina, onPage, onEdit }: SalesTableProps) {
  return (
    <AdminListTable
      query={query}
      noun={{ article: 'as', plural: 'vendas' }}
      count={['venda', 'vendas']}
      minWidth={480}
      empty={q ? `Nenhuma venda encontrada para "${q}".` : 'Nenhuma venda registrada ainda.'}
      columns={[
        {
          header: '#',
          cell: (v) => (
            <>
              {v.numero_venda}
              {v.pendente ? (
                <Text hiddenFrom="sm" size="xs" fw={600} c={PENDING_COLOR}>
                  {recipientOf(v)}
                </Text>
              ) : null}
              {waitReason(v) ? (
                <Text hiddenFrom="sm" size="xs" data-testid="motivo-espera">
                  {waitReason(v)}
                </Text>
              ) : null}
            </>
          ),
          phone: 'title',
          style: { overflowWrap: 'anywhere' },
        },
        {
          header: 'Destinatario',
          // Spec §2: hidden on small screens (a pending sale names its recipient under its number).
          phone: 'hide',
          cell: (v) =>
            v.pendente ? (
              <>
                <Badge color={PENDING_COLOR} variant="filled" maw="100%">
                  {recipientOf(v)}
                </Badge>
                {waitReason(v) ? (
                  <Text size="xs" mt={4} data-testid="motivo-espera">
                    {waitReason(v)}
                  </Text>
                ) : null}
              </>
            ) : (
              recipientOf(v)
            ),
        },
        { header: 'Data', cell: (v) => formatDate(v.dat_venda), style: { whiteSpace: 'nowrap' } },
        {
          header: 'Valor',
          cell: (v) => formatMoney(v.valor_venda),
          ta: 'right',
          style: { whiteSpace: 'nowrap' },
        },
        { header: 'Nota fiscal', cell: (v) => <NotaFiscal venda={v} /> },
      ]}
      rowKey={(v) => v.id_venda}
      editLabel={(v) => `Editar venda ${v.numero_venda}`}
      onEdit={onEdit}
      pagina={pagina}
      onPage={onPage}
    />
  );
}
