import { Loader, NativeSelect, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DEFAULT_SELLER_ID, DEFAULT_SELLER_NAME, MSG_SORTEIO, type ContempladoAdmin } from '@praca/contract';
import { DateInput } from '@/components/date-input';
import { EditorDialog } from '@/components/editor/editor-dialog';
import { useEditor, type EditorTexts } from '@/components/editor/use-editor';
import { winnerSaleDate } from './winner-photos';
import { formatDate, formatMoney } from '@/lib/format';
import { todayIso } from '@/lib/today';
import { useCreateContemplado } from '../api/create-contemplado';
import { useDeleteContemplado } from '../api/delete-contemplado';
import { useCampanhasOpcoesAdm } from '@/lib/api/get-campanhas-opcoes-adm';
import { useContempladoAdm } from '../api/get-contemplado-adm';
import { useLojasOpcoesAdm } from '@/lib/api/get-lojas-opcoes-adm';
import { useVendedoresAdm } from '@/lib/api/get-vendedores-adm';
import { useUpdateContemplado } from '../api/update-contemplado';
import {
  byCoupon,
  couponInput,
  newWinnerValues,
  toContempladoBody,
  winnerValues,
  type WinnerFormValues,
} from './winner-form';
import { WinnerParticipantSelect } from './winner-participant-select';
import { WinnerPhotosField, type PhotosUpdate } from './winner-photos-field';

const COUPON_NOTE =
  'Opcional, como série-número (000-00034). Com o cupom, o participante e o estabelecimento vêm do cupom.';

interface WinnerDialogProps {
  /** 0: a new winner (POST); above 0: the winner to edit (PATCH), read first with GET. */
  idSorteado: number;
  /** The winner's name from the list, for the title while the record loads. */
  nome?: string;
  /** The admin city: its campaigns and shops are offered. */
  codCidade: number;
  onClose: () => void;
}

const TEXTS: EditorTexts = {
  saved: 'Contemplado salvo',
  deleted: 'Contemplado excluído',
  loading: 'Carregando contemplado…',
  loadError: 'Não foi possível carregar o contemplado.',
};

/**
 * The winner dialog (spec §2, §3 Winner): campaign, coupon, name, draw date, shop, seller,
 * participant and up to 10 photos, in the general editor dialog. The contract's schema checks
 * the body before any call; the server's `erro` shows in the same red alert. A drawn winner
 * keeps its campaign and coupon.
 */
export function WinnerDialog({ idSorteado, nome, codCidade, onClose }: WinnerDialogProps) {
  const isNew = idSorteado === 0;
  const record = useContempladoAdm(idSorteado);
  const campanhas = useCampanhasOpcoesAdm(codCidade);
  const lojas = useLojasOpcoesAdm(codCidade);
  const editor = useEditor({
    id: idSorteado,
    query: record,
    initial: isNew ? newWinnerValues(todayIso()) : record.data && winnerValues(record.data),
    check: (values: WinnerFormValues) => toContempladoBody(values, idSorteado),
    api: { create: useCreateContemplado(), update: useUpdateContemplado(), remove: useDeleteContemplado() },
    updateVars: (body) => ({ idSorteado, body }),
    texts: TEXTS,
    onClose,
  });
  const { values, text, mark, bind, clearMark, update, busy } = editor;

  const cupomGiven = byCoupon(values);
  // With a coupon the shop is the coupon's: an existing winner's, or unknown until saved.
  const recordShop = record.data?.id_estabelecimento ?? 0;
  const shopOf = (v: WinnerFormValues | null) =>
    byCoupon(v) ? recordShop : Number(v?.id_estabelecimento) || 0;
  const sellerShop = shopOf(values);
  const vendedores = useVendedoresAdm(sellerShop);
  /** Another shop has other sellers: the seller goes back to 'Sem Vendedor'. */
  const withoutSeller = (v: WinnerFormValues): WinnerFormValues => ({
    ...v,
    id_vendedor: DEFAULT_SELLER_ID,
    nome_vendedor: DEFAULT_SELLER_NAME,
  });
  const setFotos: PhotosUpdate = (change) => {
    update((v) => ({ ...v, fotos: change(v.fotos) }));
    clearMark('fotos');
  };

  const drawn = Boolean(record.data?.id_sorteio);
  const current = record.data;
  const campaignOptions = [
    { value: '', label: MSG_SORTEIO.selecioneCampanha },
    ...(campanhas.data ?? []).map((c) => ({ value: String(c.id_campanha), label: c.den_campanha })),
  ];
  if (current && !campaignOptions.some((o) => o.value === String(current.id_campanha))) {
    campaignOptions.splice(1, 0, { value: String(current.id_campanha), label: current.den_campanha });
  }
  const shopOptions = [
    { value: '', label: 'Nenhum' },
    ...(lojas.data ?? []).map((l) => ({ value: String(l.id_estabelecimento), label: l.nome })),
  ];
  if (
    current?.id_estabelecimento &&
    !shopOptions.some((o) => o.value === String(current.id_estabelecimento))
  ) {
    shopOptions.push({ value: String(current.id_estabelecimento), label: current.nom_estabelecimento });
  }
  const sellers = vendedores.data ?? [
    { id_estabelecimento: sellerShop, id_vendedor: DEFAULT_SELLER_ID, nome_vendedor: DEFAULT_SELLER_NAME },
  ];
  const sellerOptions = sellers.map((s) => ({ value: String(s.id_vendedor), label: s.nome_vendedor }));
  if (values && !sellerOptions.some((o) => o.value === String(values.id_vendedor))) {
    sellerOptions.push({ value: String(values.id_vendedor), label: values.nome_vendedor || 'Vendedor' });
  }

  return (
    <EditorDialog
      title={isNew ? 'Novo contemplado' : record.data?.nome_sorteado || nome || 'Contemplado'}
      {...editor.dialog}
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label="Campanha"
          withAsterisk
          data={campaignOptions}
          {...text('id_campanha')}
          description={drawn ? 'Contemplado por sorteio: a campanha não muda' : undefined}
          rightSection={campanhas.isPending ? <Loader size="xs" /> : undefined}
          disabled={busy || drawn}
          data-autofocus
        />
        <TextInput
          label="Cupom"
          description={COUPON_NOTE}
          inputMode="numeric"
          autoComplete="off"
          placeholder="000-00000"
          value={values?.cupom ?? ''}
          onChange={(e) => {
            const cupom = couponInput(e.currentTarget.value);
            clearMark('id_sorteio');
            // Another shop (the coupon's instead of the chosen one) has other sellers.
            update((v) => {
              const next = { ...v, cupom };
              return shopOf(next) === shopOf(v) ? next : withoutSeller(next);
            });
          }}
          error={mark('id_sorteio')}
          ref={bind('id_sorteio')}
          readOnly={drawn}
          disabled={busy}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Nome do contemplado" withAsterisk maxLength={120} {...text('nome_sorteado')} />
        <DateInput
          label="Data do sorteio"
          withAsterisk
          {...editor.control('data_sorteio')}
          error={mark('data_sorteio')}
        />
      </SimpleGrid>
      {cupomGiven || !values ? null : (
        <WinnerParticipantSelect
          value={values.id_usuario}
          initialName={values.nome_usuario}
          description="Opcional: digite ao menos 3 letras do nome para ligar o contemplado a um cadastro"
          onChange={(p) => {
            update((v) => ({
              ...v,
              id_usuario: p ? p.id_usuario : -1,
              nome_usuario: p?.nome ?? '',
              // A blank name takes the participant's.
              nome_sorteado: p && !v.nome_sorteado.trim() ? p.nome : v.nome_sorteado,
            }));
          }}
          disabled={busy}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label="Estabelecimento"
          data={shopOptions}
          value={cupomGiven ? (recordShop > 0 ? String(recordShop) : '') : (values?.id_estabelecimento ?? '')}
          onChange={(e) => {
            const id = e.currentTarget.value;
            update((v) => withoutSeller({ ...v, id_estabelecimento: id }));
          }}
          description={cupomGiven ? 'Vem do cupom' : 'Opcional'}
          rightSection={lojas.isPending ? <Loader size="xs" /> : undefined}
          disabled={busy || cupomGiven}
        />
        <NativeSelect
          label="Vendedor"
          data={sellerOptions}
          value={String(values?.id_vendedor ?? DEFAULT_SELLER_ID)}
          onChange={(e) => {
            const id = Number(e.currentTarget.value) || DEFAULT_SELLER_ID;
            const seller = sellers.find((s) => s.id_vendedor === id);
            update((v) => ({
              ...v,
              id_vendedor: id,
              nome_vendedor: seller?.nome_vendedor ?? v.nome_vendedor,
            }));
          }}
          description={
            sellerShop > 0
              ? 'Vendedores do estabelecimento'
              : 'Escolha o estabelecimento para ver os vendedores'
          }
          rightSection={vendedores.isFetching ? <Loader size="xs" /> : undefined}
          disabled={busy}
        />
      </SimpleGrid>
      {current ? <WinnerInfo contemplado={current} /> : null}
      <WinnerPhotosField
        value={values?.fotos ?? []}
        onChange={setFotos}
        disabled={busy}
        invalid={Boolean(mark('fotos'))}
      />
    </EditorDialog>
  );
}

/** What the server knows of an existing winner and is not edited here (spec §3 Winner). */
function WinnerInfo({ contemplado: c }: { contemplado: ContempladoAdmin }) {
  const saleDate = winnerSaleDate(c);
  const address = [c.endereco, c.numero]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [];
  if (c.nome) rows.push(['Nome no cadastro', c.nome]);
  if (c.numero_venda) rows.push(['Número da venda', c.numero_venda]);
  if (saleDate) rows.push(['Data da venda', formatDate(saleDate.slice(0, 10))]);
  if (c.valor_venda !== null) rows.push(['Valor da venda', formatMoney(c.valor_venda)]);
  if (address) rows.push(['Endereço', address]);
  return (
    <Paper withBorder p="sm" radius="sm" bg="gray.0">
      <Text size="sm" fw={600} mb={4}>
        Participante e compra
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sem participante cadastrado nem venda ligada a este contemplado.
        </Text>
      ) : (
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={4} m={0}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
