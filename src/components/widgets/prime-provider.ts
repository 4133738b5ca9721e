import PrimeReact, { PrimeReactProvider } from 'primereact/api';
import { ACCESSIBLE_PT } from './accessible-pt.ts';

// PrimeReact's components read the pass-through of their provider, and PrimeReact.pt when it gives
// none: set here, once, before any island renders, because every island takes its provider from
// this module (tests/architecture.test.ts holds them to it) and the shell's overlays import it too.
PrimeReact.pt = ACCESSIBLE_PT;

export { PrimeReactProvider };
