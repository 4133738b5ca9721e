import { lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

const loadShellPrime = () => import('./ShellPrime.tsx');

/**
 * A component loaded when first drawn (React.lazy), drawn inside ShellPrime, which loads with it:
 * under the shell it gets the shell's PrimeReact settings. Its props go through as they are
 * (`ref` among them, a prop in React 19), so it keeps the loaded component's type. `preload`
 * asks for both ahead of the first draw (warmOnFirstInput).
 */
export function lazyInShell<C extends ComponentType<any>>(load: () => Promise<C>): LazyExoticComponent<C> & { preload(): Promise<unknown> } {
  const component = lazy(async () => {
    const [Component, { ShellPrime }] = await Promise.all([load(), loadShellPrime()]);
    const Inside = (props: ComponentProps<C>) => (
      <ShellPrime>
        <Component {...props} />
      </ShellPrime>
    );
    return { default: Inside as unknown as C };
  });
  return Object.assign(component, { preload: () => Promise.all([load(), loadShellPrime()]) });
}
