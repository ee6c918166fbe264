import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { AlertIcon } from '@/components/icons';

interface ShownOnceProps {
  /** What it is, e.g. "Chave de API". */
  label: string;
  value: string;
  onDone: () => void;
}

/** A secret the server shows once (a key, a webhook's secret): copy it now, it is not kept in the clear. */
export function ShownOnce({ label, value, onDone }: ShownOnceProps) {
  return (
    <Alert color="yellow" variant="light" icon={<AlertIcon />} role="status">
      <Stack gap="xs">
        <Text fw={700}>{label} criada: copie agora</Text>
        <Text size="sm">
          Esta é a única vez que ela aparece. O Praça guarda só uma versão cifrada e não consegue mostrá-la de
          novo; se perder, crie outra e revogue esta.
        </Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="segredo-mostrado">
          {value}
        </Code>
        <Group gap="sm">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copiado' : 'Copiar'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            Já copiei
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
