import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { InShell } from '../../components/shell/in-shell.ts';
import { Navbar } from './Navbar.tsx';
import { TagsView } from './TagsView.tsx';

/** Navbar and tab bar in one island, persisted across page swaps (transition:persist). */
export default function ShellTop() {
  return (
    <InShell.Provider value={true}>
      <div className="shell-top" data-testid="shell-top">
        <Navbar />
        <TagsView />
      </div>
    </InShell.Provider>
  );
}
