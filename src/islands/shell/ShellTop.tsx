import { PrimeReactProvider } from 'primereact/api';
import { shellPrimeValue } from './prime-config.ts';
import { Navbar } from './Navbar.tsx';
import { TagsView } from './TagsView.tsx';

/** Navbar and tab bar in one island, persisted across page swaps (transition:persist). */
export default function ShellTop() {
  return (
    <PrimeReactProvider value={shellPrimeValue}>
      <div className="shell-top" data-testid="shell-top">
        <Navbar />
        <TagsView />
      </div>
    </PrimeReactProvider>
  );
}
