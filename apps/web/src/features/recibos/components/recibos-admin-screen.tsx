import { useState, type ReactNode } from 'react';
import { Anchor, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  ROTULO_STATUS_RECIBO,
  STATUS_RECIBO,
  mascararChave,
  type ReciboAdmin,
  type StatusRecibo,
} from '@praca/contract';
import { formatCnpj } from '@praca/contract/plain';
import { AdminCityPrompt, AdminListTable, type AdminListNoun } from '@/components/admin-list/admin-list';
import { useAdminList } from '@/components/admin-list/use-admin-list';
import { ExportMenu } from '@/components/export-menu';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { formatarChave } from '@/lib/chave-nfce';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useLojasOpcoesAdm } from '@/lib/api/get-lojas-opcoes-adm';
import { recibosAdmFilters, useRecibosAdm } from '../api/get-recibos-adm';
import { dataEmissao, StatusReciboBadge } from './status-recibo';

const NOUN: AdminListNoun = { article: 'as', plural: 'notas fiscais' };

/**
 * 'Notas fiscais' (/admin/recibos, issue 53): the fiscal receipts the residents of the admin's
 * city sent, newest first, 20 a page, filtered by status and shop and exportable with the same
 * filters. Each opens its details: the whole key, the sender, the sale it confirmed, the entity
 * it was donated to, the complaint it opened.
 */
export function RecibosAdminScreen() {
  const [status, setStatus] = useState<StatusRecibo | ''>('');
  const [idEstabelecimento, setIdEstabelecimento] = useState(0);
  const { codCidade, canChoose, pagina, setPagina, query } = useAdminList(useRecibosAdm, {
    status,
    idEstabelecimento,
  });
  const lojas = useLojasOpcoesAdm(codCidade);
  const [aberto, setAberto] = useState<ReciboAdmin | null>(null);

  if (codCidade <= 0) return <AdminCityPrompt title="Notas fiscais" canChoose={canChoose} noun={NOUN} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <PageTitle>Notas fiscais</PageTitle>
        <ExportMenu
          path="/v1/adm/recibos"
          what="notas fiscais"
          query={recibosAdmFilters({ codCidade, status, idEstabelecimento })}
        />
      </Group>
      <Text size="sm" maw={720}>
        As notas fiscais (NFC-e) que os moradores registraram. Uma nota só credita quando a loja informou a
        mesma chave na venda do morador; informada para outra pessoa, ela abre uma contestação automática.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={720}>
        <NativeSelect
          label="Situação"
          data={[
            { value: '', label: 'Todas' },
            ...STATUS_RECIBO.map((s) => ({ value: s, label: ROTULO_STATUS_RECIBO[s] })),
          ]}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as StatusRecibo | '');
            setPagina(1);
          }}
        />
        <NativeSelect
          label="Estabelecimento"
          data={[
            { value: '0', label: 'Todos os estabelecimentos' },
            ...(lojas.data ?? []).map((l) => ({ value: String(l.id_estabelecimento), label: l.nome })),
          ]}
          value={String(idEstabelecimento)}
          onChange={(e) => {
            setIdEstabelecimento(Number(e.currentTarget.value));
            setPagina(1);
          }}
          disabled={lojas.isPending}
        />
      </SimpleGrid>
      <AdminListTable
        query={query}
        noun={NOUN}
        count={['nota fiscal', 'notas fiscais']}
        minWidth={640}
        empty={
          status
            ? `Nenhuma nota fiscal nesta situação: ${ROTULO_STATUS_RECIBO[status].toLowerCase()}.`
            : 'Nenhuma nota fiscal registrada.'
        }
        columns={[
          {
            header: 'Estabelecimento',
            cell: (r) => r.nome_estabelecimento,
            phone: 'title',
            style: { overflowWrap: 'anywhere', minWidth: '8em' },
          },
          { header: 'Morador', cell: (r) => r.nome_usuario, style: { overflowWrap: 'anywhere' } },
          {
            header: 'Emissão',
            cell: (r) =>
              `${dataEmissao(r.dat_emissao)}${r.valor !== null ? ` · ${formatMoney(r.valor)}` : ''}`,
            style: { whiteSpace: 'nowrap' },
          },
          { header: 'Situação', cell: (r) => <StatusReciboBadge status={r.status} /> },
          {
            header: 'Chave',
            cell: (r) => mascararChave(r.chave),
            phone: 'hide',
            style: {
              fontFamily: 'monospace',
              fontSize: 'var(--mantine-font-size-xs)',
              overflowWrap: 'anywhere',
            },
          },
          {
            header: 'Registrada em',
            cell: (r) => formatDateTime(r.criado_em),
            style: { whiteSpace: 'nowrap' },
          },
        ]}
        rowKey={(r) => r.id_recibo}
        actionText="Detalhes"
        editLabel={(r) => `Detalhes da nota de ${r.nome_estabelecimento} registrada por ${r.nome_usuario}`}
        onEdit={setAberto}
        pagina={pagina}
        onPage={setPagina}
      />
      {aberto ? <ReciboDialog recibo={aberto} onClose={() => setAberto(null)} /> : null}
    </Stack>
  );
}

/** One line of the details: its name, then its value. */
function Linha({ nome, children }: { nome: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {nome}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function ReciboDialog({ recibo: r, onClose }: { recibo: ReciboAdmin; onClose: () => void }) {
  return (
    <Modal
      opened
      onClose={onClose}
      title="Nota fiscal"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="sm">
        <StatusReciboBadge status={r.status} />
        <Stack component="dl" gap="xs" m={0}>
          <Linha nome="Chave de acesso">
            <Text span ff="monospace" size="sm">
              {formatarChave(r.chave)}
            </Text>
          </Linha>
          <Linha nome="Estabelecimento">
            {r.nome_estabelecimento} · CNPJ {formatCnpj(r.cnpj)}
          </Linha>
          <Linha nome="Registrada por">{r.nome_usuario}</Linha>
          <Linha nome="Emissão">
            {dataEmissao(r.dat_emissao)}
            {r.valor !== null ? ` · ${formatMoney(r.valor)}` : ''}
          </Linha>
          <Linha nome="Registrada em">{formatDateTime(r.criado_em)}</Linha>
          {r.expira_em ? <Linha nome="Expira em">{formatDate(r.expira_em)}</Linha> : null}
          {r.id_venda !== null ? <Linha nome="Venda">nº {r.id_venda}</Linha> : null}
          {r.nome_entidade ? <Linha nome="Doada para">{r.nome_entidade}</Linha> : null}
          {r.id_contestacao !== null ? (
            <Linha nome="Contestação automática">
              nº {r.id_contestacao} ·{' '}
              <Anchor component={Link} to={paths.admin.contestacoes} size="sm">
                Ver contestações
              </Anchor>
            </Linha>
          ) : null}
          {r.sefaz_situacao ? <Linha nome="SEFAZ">{r.sefaz_situacao}</Linha> : null}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
