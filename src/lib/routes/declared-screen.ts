/** A screen a resource definition declares (src/lib/build/definition-screens.ts reads them at build time). */
export interface DeclaredScreen {
  /** console route */
  path: string;
  /** the definition's file below src/lib/resources and its export */
  file: string;
  exported: string;
  /** the definition's name, also the screen's */
  resource: string;
  titleKey: string;
  component?: string;
  activeMenu?: string;
}
