import { useRef, useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatCnpj } from '@praca/contract/plain';
import { addCnpj } from './establishment-rules';

interface CnpjsProps {
  value: string[];
  onChange: (list: string[]) => void;
  /** The list's refusal when the form is saved, under it. */
  error?: string;
}

/**
 * Issue 53: the CNPJs the shop issues fiscal receipts (NFC-e) under, its branches too: a
 * resident's receipt counts only for a shop holding its CNPJ, and a campaign that requires the
 * receipt needs every participant to have one. Add one (numeric or alphanumeric, the button or
 * Enter, or by leaving the field) or remove it; the list is saved with the shop, and a CNPJ of
 * another shop is refused by the server in the red alert.
 */
export function EstablishmentCnpjs({ value, onChange, error }: CnpjsProps) {
  const [typed, setTyped] = useState('');
  const [erro, setErro] = useState<string | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  function add() {
    // Nothing typed (the field's blur may just have added it): back to the field, no refusal.
    if (typed.trim() === '') {
      input.current?.focus();
      return;
    }
    const result = addCnpj(value, typed);
    if (!result.ok) {
      setErro(result.erro);
      return;
    }
    onChange(result.list);
    setTyped('');
    setErro(undefined);
  }

  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={500} size="sm" p={0}>
        CNPJs das notas fiscais (NFC-e)
      </Text>
      <Text size="xs" c="dimmed">
        Os CNPJs com que a loja emite notas fiscais, filiais incluídas. Cada CNPJ só pode estar em um
        estabelecimento.
      </Text>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          aria-label="CNPJ da nota fiscal"
          placeholder="00.000.000/0000-00"
          ref={input}
          value={typed}
          onChange={(e) => {
            setTyped(formatCnpj(e.currentTarget.value));
            setErro(undefined);
          }}
          // Leaving the field with a CNPJ typed adds it (or says why not), so "Salvar" right
          // after typing one never drops it silently.
          onBlur={() => {
            if (typed.trim() !== '') add();
          }}
          onKeyDown={(e) => {
            // Enter adds the CNPJ instead of saving the whole dialog.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          error={erro ?? error}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={18}
          style={{ flex: 1 }}
        />
        <Button type="button" variant="outline" onClick={add}>
          Adicionar
        </Button>
      </Group>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum CNPJ de nota fiscal cadastrado.
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={4}
          p={0}
          m={0}
          aria-label="CNPJs das notas fiscais"
          style={{ listStyle: 'none' }}
        >
          {value.map((cnpj) => (
            <Group component="li" key={cnpj} gap="sm" wrap="nowrap" justify="space-between">
              <Text size="sm" ff="monospace">
                {cnpj}
              </Text>
              <Button
                type="button"
                size="xs"
                variant="outline"
                color="red.9"
                onClick={() => {
                  onChange(value.filter((c) => c !== cnpj));
                  // The removed row took the focus with it: give it back to the field.
                  input.current?.focus();
                }}
                aria-label={`Remover ${cnpj}`}
              >
                Remover
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
