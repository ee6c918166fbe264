import { useId, useRef } from 'react';
import { Button, CloseButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { WINNER_PHOTOS_MAX } from '@praca/contract';
import { ImageUpload } from '@/components/image-upload';

/** A change of the list, applied to the latest one (an upload may end after other changes). */
export type PhotosUpdate = (update: (fotos: string[]) => string[]) => void;

interface WinnerPhotosFieldProps {
  /** One entry per photo field ('' = no picture yet). */
  value: string[];
  onChange: PhotosUpdate;
  disabled?: boolean;
  invalid?: boolean;
}

/**
 * 'Fotos' of a winner: up to 10 picture fields (folder 'users'), 'Adicionar foto' for one
 * more. Removing a picture takes its field away; an empty field can be taken away too. The
 * pictures show on the consumers' home and in /meu/sorteados, in this order.
 */
export function WinnerPhotosField({
  value,
  onChange,
  disabled = false,
  invalid = false,
}: WinnerPhotosFieldProps) {
  const titleId = useId();
  // A steady key per field, so an upload in flight stays with its field when another one is
  // removed. Every change of the list goes through here, which keeps the keys in step.
  const counter = useRef(0);
  const keys = useRef<string[]>([]);
  const newKey = () => `foto-${(counter.current += 1)}`;
  while (keys.current.length < value.length) keys.current.push(newKey());
  keys.current.length = value.length;

  const full = value.length >= WINNER_PHOTOS_MAX;
  const remove = (key: string) => {
    const index = keys.current.indexOf(key);
    if (index < 0) return;
    keys.current.splice(index, 1);
    onChange((fotos) => fotos.filter((_, i) => i !== index));
  };
  const set = (key: string, path: string) => {
    const index = keys.current.indexOf(key);
    if (index >= 0) onChange((fotos) => fotos.map((f, i) => (i === index ? path : f)));
  };
  const add = () => {
    keys.current.push(newKey());
    onChange((fotos) => [...fotos, '']);
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} id={titleId}>
          Fotos
        </Text>
        <Text size="xs" c={invalid ? 'red.9' : 'dimmed'}>
          {value.length} de {WINNER_PHOTOS_MAX}
        </Text>
      </Group>
      {value.length === 0 ? (
        <Paper withBorder p="sm" radius="sm" bg="gray.0">
          <Text size="sm" c="dimmed" ta="center">
            Nenhuma foto. Use “Adicionar foto” para mostrar o contemplado com o prêmio.
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" role="list" aria-labelledby={titleId}>
          {value.map((foto, i) => {
            const key = keys.current[i] ?? String(i);
            return (
              <Group key={key} role="listitem" align="flex-start" gap={4} wrap="nowrap" miw={0}>
                <ImageUpload
                  label={`Foto ${i + 1}`}
                  dir="users"
                  value={foto}
                  previewWidth={160}
                  // 'Remover' takes the field away with its picture.
                  onChange={(path) => (path ? set(key, path) : remove(key))}
                  disabled={disabled}
                />
                {!foto && !disabled ? (
                  <CloseButton size="sm" aria-label={`Retirar Foto ${i + 1}`} onClick={() => remove(key)} />
                ) : null}
              </Group>
            );
          })}
        </SimpleGrid>
      )}
      {disabled ? null : (
        <Group gap="sm">
          <Button variant="light" size="xs" onClick={add} disabled={full}>
            Adicionar foto
          </Button>
          {full ? (
            <Text size="xs" c="dimmed">
              Limite de {WINNER_PHOTOS_MAX} fotos
            </Text>
          ) : null}
        </Group>
      )}
    </Stack>
  );
}
