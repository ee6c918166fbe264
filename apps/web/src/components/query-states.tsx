import { Alert, Button, Group, Text } from '@mantine/core';
import { describeError } from '@/lib/api-client';
import { AlertIcon } from './icons';

interface ErrorStateProps {
  /** What could not load, e.g. 'Não foi possível carregar os estabelecimentos.' */
  title: string;
  error?: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/** A failed load: the red alert with the reason and a 'Tentar novamente' button. */
export function ErrorState({ title, error, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} title={title} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{describeError(error, 'Tente novamente em instantes.')}</Text>
        <Button size="xs" variant="white" color="red.9" onClick={onRetry} loading={retrying}>
          Tentar novamente
        </Button>
      </Group>
    </Alert>
  );
}

export { EmptyState } from './empty-state';
