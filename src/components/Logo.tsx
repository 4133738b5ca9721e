/** The Castanea mark (React twin of Logo.astro): a chestnut on the theme colour. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--app-brand, #409EFF)" />
      <path d="M16 6.5c-5.2 3.1-8.5 7.4-8.5 11.6a8.5 8.5 0 0 0 17 0c0-4.2-3.3-8.5-8.5-11.6z" fill="#fff" />
      <path d="M8.6 19.6c2.3 1.2 4.8 1.8 7.4 1.8s5.1-.6 7.4-1.8" fill="none" stroke="var(--app-brand, #409EFF)" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
