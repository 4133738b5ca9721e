import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { lazy, Suspense } from 'react';
import { PrimeReactProvider } from '../../components/widgets/prime-provider.ts';
import { SkeletonBar } from '../../components/widgets/SkeletonBar.tsx';
import './monitor.css';

/** Hand-written monitor screens by name, each its own chunk loaded after the page shows. */
const screens = {
  server: lazy(() => import('./ServerMonitor.tsx')),
  cache: lazy(() => import('./CacheMonitor.tsx')),
  cacheList: lazy(() => import('./CacheList.tsx')),
};

export type MonitorScreen = keyof typeof screens;

export default function MonitorIsland({ screen }: { screen: MonitorScreen }) {
  const Screen = screens[screen];
  return (
    <PrimeReactProvider>
      <Suspense fallback={<SkeletonBar height="20rem" />}>
        <Screen />
      </Suspense>
    </PrimeReactProvider>
  );
}
