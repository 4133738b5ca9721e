/** A screen a resource definition declares (src/lib/build/definition-screens.ts reads them at build time). */
export interface DeclaredScreen {
  /** console route */
  path: string;
  /** the definition's file below shared/resources and its export */
  file: string;
  exported: string;
  /** the definition's name, also the screen's */
  resource: string;
  titleKey: string;
  /** the title in every language (`texts.title`): tabs and breadcrumbs of a screen not open yet read it */
  title?: Readonly<Record<string, string>>;
  component?: string;
  activeMenu?: string;
}
