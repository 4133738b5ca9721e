// subset-font ships no types; the one call src/lib/theme/icon-font.ts makes.
declare module 'subset-font' {
  export default function subsetFont(font: Buffer, text: string, options?: { targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt' }): Promise<Buffer>;
}
