import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { notifySuccess } from '@/lib/notify';
import { Controller, useForm } from 'react-hook-form';
import type { CampanhaDaLoja, Venda } from '@praca/contract';
import { DEFAULT_SELLER_ID } from '@praca/contract/plain';
import { DateInput } from '@/components/date-input';
import { EditorDialog, useEditorError } from '@/components/editor/editor-dialog';
import { MoneyInput } from '@/components/money-input';
import { describeError } from '@/lib/api-client';
import { decimalText } from '@/lib/decimal-text';
import { todayIso } from '@/lib/today';
import { useCreateVenda } from '../api/create-venda';
import { useDeleteVenda } from '../api/delete-venda';
import { useUpdateVenda } from '../api/update-venda';
import { useVendedores, withDefaultSeller } from '../api/get-vendedores';
import { PendingSaleQr } from './pending-sale-qr';
import { RecipientSelect } from './recipient-select';
import { saleError, toVendaBody, type SaleAction, type SaleFormValues } from './sale-rules';
import type { SaleQrInfo } from './sale-qr-modal';

interface SaleDialogProps {
  idEstabelecimento: number;
  /** The shop's campaigns (the dialog's Campanha choices). */
  campanhas: CampanhaDaLoja[];
  /** Preselected campaign of a new sale. */
  idCampanha: number;
  /** null: a new sale. */
  venda: Venda | null;
  onClose: () => void;
  /** A pending sale was created: show its QR code. */
  onQrCreated: (qr: SaleQrInfo) => void;
}

/** A success toast; its close button is named (axe button-name). */
function toast(message: string) {
  notifySuccess(message);
}

/** Spec §4 Sale dialog: a new sale has id_venda 0, id_usuario −1 and today's date. */
function newSaleValues(idEstabelecimento: number, idCampanha: number, today = todayIso()): SaleFormValues {
  return {
    id_venda: 0,
    id_campanha: idCampanha,
    id_estabelecimento: idEstabelecimento,
    id_usuario: -1,
    dat_venda: today,
    numero_venda: '',
    valor_venda: '',
    id_vendedor: DEFAULT_SELLER_ID,
    cpf: '',
  };
}

function fromVenda(v: Venda): SaleFormValues {
  return {
    id_venda: v.id_venda,
    id_campanha: v.id_campanha,
    id_estabelecimento: v.id_estabelecimento,
    id_usuario: v.pendente ? -1 : v.id_usuario,
    dat_venda: v.dat_venda.slice(0, 10),
    numero_venda: v.numero_venda,
    // With its cents, as typed in Brazil: 250 shows '250,00'.
    valor_venda: decimalText(v.valor_venda, 2),
    id_vendedor: v.id_vendedor,
    cpf: '',
  };
}

/**
 * Create or edit a sale in the general editor dialog. Every spec check runs before any call;
 * the server's `erro` shows in the same red alert.
 */
export function SaleDialog({
  idEstabelecimento,
  campanhas,
  idCampanha,
  venda,
  onClose,
  onQrCreated,
}: SaleDialogProps) {
  const isNew = venda === null;
  const form = useForm<SaleFormValues>({
    defaultValues: venda ? fromVenda(venda) : newSaleValues(idEstabelecimento, idCampanha),
  });
  const { error, show, clear } = useEditorError();
  const create = useCreateVenda();
  const update = useUpdateVenda();
  const remove = useDeleteVenda();
  const vendedores = useVendedores(idEstabelecimento);
  const busy = create.isPending || update.isPending || remove.isPending;

  const campaignOptions = campanhas.map((c) => ({ value: String(c.id_campanha), label: c.den_campanha }));
  if (venda && !campanhas.some((c) => c.id_campanha === venda.id_campanha)) {
    campaignOptions.unshift({ value: String(venda.id_campanha), label: venda.den_campanha });
  }
  const sellers = vendedores.data ?? withDefaultSeller(idEstabelecimento, []);
  const sellerOptions = sellers.map((s) => ({ value: String(s.id_vendedor), label: s.nome_vendedor }));
  if (venda && !sellers.some((s) => s.id_vendedor === venda.id_vendedor) && venda.nome_vendedor) {
    sellerOptions.push({ value: String(venda.id_vendedor), label: venda.nome_vendedor });
  }

  function submit(action: SaleAction) {
    const values = form.getValues();
    const message = saleError(values, action);
    if (message) return show(message);
    const checked = toVendaBody(values, action);
    if ('erro' in checked) return show(checked.erro);
    clear();
    if (!isNew) {
      update.mutate(
        { idVenda: values.id_venda, body: checked.body },
        {
          onSuccess: () => {
            toast('Venda atualizada');
            onClose();
          },
          onError: (e) => show(describeError(e)),
        },
      );
      return;
    }
    create.mutate(checked.body, {
      onSuccess: (qr) => {
        if (qr) {
          toast('Venda registrada: mostre o QR Code ao cliente');
          onQrCreated({
            ...qr,
            numero_venda: checked.body.numero_venda,
            valor_venda: checked.body.valor_venda,
          });
        } else {
          toast('Venda registrada');
        }
        onClose();
      },
      onError: (e) => show(describeError(e)),
    });
  }

  function onDelete() {
    if (!venda) return;
    remove.mutate(venda.id_venda, {
      onSuccess: () => {
        toast('Venda excluída');
        onClose();
      },
      onError: (e) => show(describeError(e)),
    });
  }

  return (
    <EditorDialog
      opened
      onClose={onClose}
      title={isNew ? 'Nova venda' : `Venda ${venda.numero_venda}`}
      recordId={venda?.id_venda ?? 0}
      onSave={() => submit('salvar')}
      onDelete={onDelete}
      busy={busy}
      error={error}
      onErrorClose={clear}
      extraActions={
        isNew ? (
          <Button type="button" variant="outline" onClick={() => submit('qrcode')} disabled={busy}>
            Gerar QR Code
          </Button>
        ) : null
      }
    >
      {venda?.pendente ? <PendingSaleQr venda={venda} /> : null}
      <Controller
        control={form.control}
        name="id_campanha"
        render={({ field }) => (
          <Select
            label="Campanha"
            data={campaignOptions}
            value={field.value > 0 ? String(field.value) : null}
            onChange={(v) => field.onChange(v ? Number(v) : 0)}
            allowDeselect={false}
            placeholder="Escolha a campanha"
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Número da venda"
          autoComplete="off"
          maxLength={40}
          {...form.register('numero_venda')}
        />
        <Controller
          control={form.control}
          name="dat_venda"
          render={({ field }) => (
            <DateInput
              label="Data"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="valor_venda"
        render={({ field }) => (
          <MoneyInput
            label="Valor"
            description={'Até R$\u00a050.000,00'}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
          />
        )}
      />
      <Controller
        control={form.control}
        name="id_usuario"
        render={({ field }) => (
          <RecipientSelect
            value={field.value}
            initialName={venda && !venda.pendente ? venda.nomeusuarios : undefined}
            onChange={(id, cpf) => {
              field.onChange(id);
              form.setValue('cpf', isNew ? (cpf ?? '') : '');
            }}
            allowCpf={isNew}
          />
        )}
      />
      <Controller
        control={form.control}
        name="id_vendedor"
        render={({ field }) => (
          <Select
            label="Vendedor"
            data={sellerOptions}
            value={String(field.value)}
            onChange={(v) => field.onChange(v ? Number(v) : DEFAULT_SELLER_ID)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
    </EditorDialog>
  );
}
