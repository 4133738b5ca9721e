import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PrimeReactProvider } from '../../components/widgets/prime-provider.ts';

/** A fragment for a painter: `node` as the island's components draw it, in the build's language. */
export const renderFragment = (node: ReactNode) => renderToStaticMarkup(<PrimeReactProvider>{node}</PrimeReactProvider>);

/**
 * A list drawn with one item whose values are markers, cut into the list with ⟦items⟧ where its
 * items go and that item (between the first `open` and the last `close`).
 */
export function cutItems(html: string, open: string, close: string): [string, string] {
  const start = html.indexOf(open);
  const end = html.lastIndexOf(close);
  if (start < 0 || end < start) throw new Error(`cutItems: ${open}…${close} not found`);
  return [`${html.slice(0, start + open.length)}\u27E6items\u27E7${html.slice(end)}`, html.slice(start + open.length, end)];
}
