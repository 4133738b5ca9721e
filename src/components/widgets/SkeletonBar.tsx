/**
 * A placeholder while something loads: PrimeReact's Skeleton (a grey bar with a passing shine) as
 * its markup, the console's only one, so that Home's first draw loads no PrimeReact (issue 12).
 * Its rules: styles/prime-structure.css and the theme.
 */
export function SkeletonBar({ width = '100%', height = '1rem', className }: { width?: string; height?: string; className?: string }) {
  return <div className={className ? `p-skeleton p-component ${className}` : 'p-skeleton p-component'} style={{ width, height, position: 'relative' }} aria-hidden="true" />;
}
