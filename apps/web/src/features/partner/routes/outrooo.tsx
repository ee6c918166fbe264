import { VisuallyHidden } from '@mantine/core';
import { PageTitle } from '@/components/page-title';

/** The spec does not show this page's content: an empty page with a heading for screen readers. */
export function Component() {
  return (
    <VisuallyHidden>
      <PageTitle documentTitle="Parceiro">Parceiro</PageTitle>
    </VisuallyHidden>
  );
}
