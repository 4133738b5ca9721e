import { useEffect, useMemo, useRef, useState } from 'react';
import { Tooltip, type TooltipProps } from 'primereact/tooltip';

/**
 * PrimeReact's Tooltip over the elements its `target` selector finds, bound to them: it binds what
 * its selector finds when it updates, not when it mounts, and it is memoised, so it is given
 * another class once mounted, and again whenever `rebindOn` changes (the elements drawn anew: a
 * table's rows), when it unbinds the elements it bound and binds those drawn now.
 */
export default function BoundTooltip({ className, rebindOn, ...props }: TooltipProps & { rebindOn?: unknown }) {
  const [mounted, setMounted] = useState(0);
  useEffect(() => setMounted(1), []);
  const count = useRef(0);
  const version = useMemo(() => ++count.current, [rebindOn]);
  return <Tooltip {...props} className={[className, `bound-tooltip-${version + mounted}`].filter(Boolean).join(' ')} />;
}
