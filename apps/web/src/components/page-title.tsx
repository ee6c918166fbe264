import type { ReactNode } from 'react';
import { Title, type TitleProps } from '@mantine/core';

interface PageTitleProps extends Omit<TitleProps, 'order' | 'children'> {
  /** The visible heading, the page's one `<h1>`. */
  children: ReactNode;
  /** The document title; defaults to the heading when it is a string. */
  documentTitle?: string;
}

/** The page's `<h1>` and the browser tab title ("Título · Praça"). */
export function PageTitle({ children, documentTitle, ...props }: PageTitleProps) {
  const tabTitle = documentTitle ?? (typeof children === 'string' ? children : undefined);
  return (
    <>
      {tabTitle ? <title>{`${tabTitle} · Praça`}</title> : null}
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }} {...props}>
        {children}
      </Title>
    </>
  );
}
