import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Checkbox, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { lerNfce, type CampanhaDaLoja, type Venda, type VendaBody } from '@praca/contract';
import { DEFAULT_SELLER_ID } from '@praca/contract/plain';
import { notifySuccess } from '@/lib/notify';
import { DateInput } from '@/components/date-input';
import { EditorDialog, useEditorError } from '@/components/editor/editor-dialog';
import { useContractForm } from '@/components/editor/use-contract-form';
import { MoneyInput } from '@/components/money-input';
import { describeError } from '@/lib/api-client';
import { formatarChave } from '@/lib/chave-nfce';
import { decimalText } from '@/lib/decimal-text';
import { todayIso } from '@/lib/today';
import { useCreateVenda } from '../api/create-venda';
import { useDeleteVenda } from '../api/delete-venda';
import { useUpdateVenda } from '../api/update-venda';
import { useVendedores, withDefaultSeller } from '../api/get-vendedores';
import { PendingSaleQr } from './pending-sale-qr';
import { RecipientSelect } from './recipient-select';
import { toVendaBody, type SaleAction, type SaleFormValues } from './sale-rules';
import type { SaleQrInfo } from './sale-qr-modal';

// Issue 53: the receipt's QR is read with the same scanner as a sale's hand-over, loaded only
// when the camera is asked for.
const QrScanner = lazy(() => import('@/components/qr-scanner'));

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
    chave_nfce: '',
    sem_comprador: false,
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
    // Issue 53: shown, never sent: an edit never changes the key.
    chave_nfce: v.chave_nfce ?? '',
    sem_comprador: false,
    // Issue 52: a sale given by CPF keeps it when the edit names nobody else.
    ...(v.pendente_cpf && v.cpf ? { cpfDado: v.cpf } : {}),
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
  const { error, show, clear } = useEditorError();
  const create = useCreateVenda();
  const update = useUpdateVenda();
  const remove = useDeleteVenda();
  const vendedores = useVendedores(idEstabelecimento);
  const busy = create.isPending || update.isPending || remove.isPending;
  // Save or 'Gerar QR Code': the same checks, but a chosen recipient refuses the QR code.
  const action = useRef<SaleAction>('salvar');
  const [scanning, setScanning] = useState(false);
  const exige = (id: number) => campanhas.some((c) => c.id_campanha === id && c.exige_nfce === true);
  const form = useContractForm<SaleFormValues, VendaBody>({
    initial: venda ? fromVenda(venda) : newSaleValues(idEstabelecimento, idCampanha),
    check: (values) => toVendaBody(values, action.current, { exigeNfce: exige(values.id_campanha) }),
    show,
    busy,
    onValid: (body) => send(body),
  });
  const { values, text, mark, bind, setField } = form;
  const exigeNfce = exige(values?.id_campanha ?? 0);
  const semComprador = Boolean(values?.sem_comprador);

  const campaignOptions = campanhas.map((c) => ({ value: String(c.id_campanha), label: c.den_campanha }));
  if (venda && !campanhas.some((c) => c.id_campanha === venda.id_campanha)) {
    campaignOptions.unshift({ value: String(venda.id_campanha), label: venda.den_campanha });
  }
  const sellers = vendedores.data ?? withDefaultSeller(idEstabelecimento, []);
  const sellerOptions = sellers.map((s) => ({ value: String(s.id_vendedor), label: s.nome_vendedor }));
  if (venda && !sellers.some((s) => s.id_vendedor === venda.id_vendedor) && venda.nome_vendedor) {
    sellerOptions.push({ value: String(venda.id_vendedor), label: venda.nome_vendedor });
  }

  function submit(next: SaleAction) {
    action.current = next;
    form.save();
  }

  function send(body: VendaBody) {
    clear();
    if (venda) {
      update.mutate(
        { idVenda: venda.id_venda, body },
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
    create.mutate(body, {
      onSuccess: (done) => {
        if (done.tipo === 'qr') {
          toast('Venda registrada: mostre o QR Code ao cliente');
          onQrCreated({ ...done.qr, numero_venda: body.numero_venda, valor_venda: body.valor_venda });
        } else if (body.chave_nfce && body.id_usuario === -1 && !body.cpf) {
          toast('Venda registrada sem comprador: a nota fiscal só poderá ser doada');
        } else if (done.tipo === 'cpf') {
          // Issue 52: the answer names only the CPF, masked; the crediting happens behind it.
          toast(`Venda registrada para o CPF ${done.cpf}`);
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
        isNew && !semComprador ? (
          <Button type="button" variant="outline" onClick={() => submit('qrcode')} disabled={busy}>
            Gerar QR Code
          </Button>
        ) : null
      }
    >
      {/* A sale given by CPF has no hand-over code: its CPF instead (issue 52). */}
      {venda?.pendente_cpf ? (
        <Text size="sm" data-testid="venda-cpf-dado">
          Venda para o CPF {venda.cpf}: os cupons vão para a conta deste CPF. Escolha um cliente só se quiser
          trocar.
        </Text>
      ) : venda?.pendente ? (
        <PendingSaleQr venda={venda} />
      ) : null}
      <Select
        label="Campanha"
        data={campaignOptions}
        value={values && values.id_campanha > 0 ? String(values.id_campanha) : null}
        onChange={(v) => setField('id_campanha', v ? Number(v) : 0)}
        error={mark('id_campanha')}
        ref={bind('id_campanha')}
        allowDeselect={false}
        placeholder="Escolha a campanha"
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Número da venda" autoComplete="off" maxLength={40} {...text('numero_venda')} />
        <DateInput
          label="Data"
          value={values?.dat_venda ?? ''}
          onChange={(v) => setField('dat_venda', v)}
          error={mark('dat_venda')}
          inputRef={bind('dat_venda')}
          disabled={busy}
        />
      </SimpleGrid>
      <MoneyInput
        label="Valor"
        description={'Até R$\u00a050.000,00'}
        {...text('valor_venda')}
        onChange={(v) => setField('valor_venda', v)}
      />
      {isNew ? (
        <Stack gap="xs">
          <TextInput
            label="Chave da NFC-e"
            description={
              exigeNfce
                ? 'Obrigatória nesta campanha: os 44 números da nota fiscal do cliente, ou leia o QR code da nota.'
                : 'Os 44 números da nota fiscal do cliente, ou leia o QR code da nota. Com ela, o cliente confirma a compra escaneando a nota.'
            }
            withAsterisk={exigeNfce || semComprador}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            styles={{ input: { fontFamily: 'monospace' } }}
            {...text('chave_nfce')}
          />
          {scanning ? (
            <Suspense
              fallback={
                <Group gap="xs" role="status">
                  <Loader size="sm" />
                  <Text size="sm">Preparando a câmera…</Text>
                </Group>
              }
            >
              <QrScanner
                onResult={(lido) => {
                  setScanning(false);
                  setField('chave_nfce', formatarChave(lerNfce(lido).chave));
                }}
                onStop={() => setScanning(false)}
                aim="Aponte a câmera para o QR code da nota fiscal"
                fallback="Digite a chave da nota no campo acima."
              />
            </Suspense>
          ) : (
            <Group>
              <Button variant="default" size="xs" onClick={() => setScanning(true)} disabled={busy}>
                Ler QR code da nota
              </Button>
            </Group>
          )}
        </Stack>
      ) : venda?.chave_nfce ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="venda-chave-nfce">
          Chave da NFC-e: <span style={{ fontFamily: 'monospace' }}>{formatarChave(venda.chave_nfce)}</span>
        </Text>
      ) : null}
      {isNew ? (
        <Checkbox
          label="Venda sem comprador identificado"
          description="O cliente não se identificou. Só com a chave da nota: quem escanear a nota só poderá doá-la a uma entidade social."
          checked={semComprador}
          onChange={(e) => setField('sem_comprador', e.currentTarget.checked)}
          disabled={busy}
        />
      ) : null}
      {semComprador ? null : (
        <RecipientSelect
          value={values?.id_usuario ?? -1}
          initialName={venda && !venda.pendente ? venda.nomeusuarios : undefined}
          onChange={(id, cpf) => {
            setField('id_usuario', id);
            setField('cpf', isNew ? (cpf ?? '') : '');
          }}
          error={mark('id_usuario')}
          inputRef={bind('id_usuario')}
          allowCpf={isNew}
        />
      )}
      <Select
        label="Vendedor"
        data={sellerOptions}
        value={String(values?.id_vendedor ?? DEFAULT_SELLER_ID)}
        onChange={(v) => setField('id_vendedor', v ? Number(v) : DEFAULT_SELLER_ID)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    </EditorDialog>
  );
}
