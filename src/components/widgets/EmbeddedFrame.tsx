import { useEffect, useState } from 'react';
import { IFRAME_HEIGHT_OFFSET_PX } from '../../../shared/constants.ts';

/** An embedded page (spec §2): full width, window height minus 94.5 px, following resizes. */
export function EmbeddedFrame({ src, title }: { src: string; title?: string }) {
  const [height, setHeight] = useState<number | undefined>(undefined);
  useEffect(() => {
    const fit = () => setHeight(window.innerHeight - IFRAME_HEIGHT_OFFSET_PX);
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return <iframe className="embedded-frame" src={src} title={title ?? src} style={{ width: '100%', height: height ?? `calc(100vh - ${IFRAME_HEIGHT_OFFSET_PX}px)`, border: 0, display: 'block' }} />;
}
