// Prints the colour table of docs/accessibility.md from the stylesheets (src/lib/theme/contrast-table.ts):
// `node scripts/contrast-table.ts`, then paste it over the table. The palette test fails until the doc agrees.
import { contrastTable } from '../src/lib/theme/contrast-table.ts';

console.log(contrastTable());
