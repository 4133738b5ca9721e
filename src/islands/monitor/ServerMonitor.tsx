import { Button } from 'primereact/button';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { SkeletonBar } from '../../components/widgets/SkeletonBar.tsx';
import { RefreshIcon } from 'primereact/icons/refresh';
import { http } from '../../lib/request.ts';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import monitor from '../../lib/i18n/ns/monitor.ts';
import { formatBytes, formatUptime } from '../../lib/sizes.ts';
import { Card, Percent, Props, useLoaded } from './parts.tsx';

/** GET /monitor/server */
export interface ServerInfo {
  cpu: { cpuNum: number; model: string; loadavg: number[]; used: number; sys: number; free: number };
  mem: { total: number; used: number; free: number; usage: number };
  node: { version: string; pid: number; uptime: number; startTime: string; rss: number; heapTotal: number; heapUsed: number; heapUsage: number; external: number; execPath: string; cwd: string };
  sys: { hostname: string; platform: string; release: string; arch: string; uptime: number };
  disks: { dirName: string; typeName: string; total: number; free: number; used: number; usage: number }[];
}

const fetchServerInfo = async () => (await http.get<ServerInfo>('/monitor/server')).data ?? null;

/** The server monitor: CPU, memory, the Node process, the host and its disks; refreshed on demand. */
export default function ServerMonitor() {
  const t = useT(monitor);
  useLocale();
  const { data: info, loading, reload } = useLoaded(fetchServerInfo);
  const units = { d: t('duration.d'), h: t('duration.h'), m: t('duration.m'), s: t('duration.s') };

  return (
    <div className="monitor-screen" data-testid="server-monitor">
      <div className="monitor-toolbar">
        <Button size="small" outlined icon={<RefreshIcon />} label={t('server.refresh')} loading={loading} onClick={reload} />
      </div>
      {!info ? (
        <SkeletonBar height="20rem" />
      ) : (
        <div className="monitor-grid">
          <Card title={t('server.cpu.title')} testId="server-cpu">
            <Props
              rows={[
                [t('server.cpu.cores'), info.cpu.cpuNum],
                [t('server.cpu.model'), info.cpu.model],
                [t('server.cpu.used'), <Percent value={info.cpu.used} label={t('server.cpu.used')} />],
                [t('server.cpu.sys'), <Percent value={info.cpu.sys} label={t('server.cpu.sys')} />],
                [t('server.cpu.free'), `${info.cpu.free.toFixed(2)}%`],
                [t('server.cpu.loadavg'), info.cpu.loadavg.join(' / ')],
              ]}
            />
          </Card>
          <Card title={t('server.mem.title')} testId="server-mem">
            <Props
              rows={[
                [t('server.mem.total'), formatBytes(info.mem.total)],
                [t('server.mem.used'), formatBytes(info.mem.used)],
                [t('server.mem.free'), formatBytes(info.mem.free)],
                [t('server.mem.usage'), <Percent value={info.mem.usage} label={t('server.mem.usage')} />],
              ]}
            />
          </Card>
          <Card title={t('server.node.title')} testId="server-node">
            <Props
              rows={[
                [t('server.node.version'), info.node.version],
                [t('server.node.pid'), info.node.pid],
                [t('server.node.startTime'), info.node.startTime],
                [t('server.node.uptime'), formatUptime(info.node.uptime, units)],
                [t('server.node.rss'), formatBytes(info.node.rss)],
                [t('server.node.heap'), `${formatBytes(info.node.heapUsed)} / ${formatBytes(info.node.heapTotal)}`],
                [t('server.node.heapUsage'), <Percent value={info.node.heapUsage} label={t('server.node.heapUsage')} />],
                [t('server.node.external'), formatBytes(info.node.external)],
                [t('server.node.execPath'), <code>{info.node.execPath}</code>],
                [t('server.node.cwd'), <code>{info.node.cwd}</code>],
              ]}
            />
          </Card>
          <Card title={t('server.sys.title')} testId="server-sys">
            <Props
              rows={[
                [t('server.sys.hostname'), info.sys.hostname],
                [t('server.sys.platform'), info.sys.platform],
                [t('server.sys.release'), info.sys.release],
                [t('server.sys.arch'), info.sys.arch],
                [t('server.sys.uptime'), formatUptime(info.sys.uptime, units)],
              ]}
            />
          </Card>
          <Card title={t('server.disks.title')} testId="server-disks" wide>
            <DataTable value={info.disks} size="small" stripedRows dataKey="dirName" pt={{ table: { 'aria-label': t('server.disks.title') } }}>
              <Column field="dirName" header={t('server.disks.dirName')} />
              <Column field="typeName" header={t('server.disks.typeName')} />
              <Column header={t('server.disks.total')} body={(d: ServerInfo['disks'][number]) => formatBytes(d.total)} />
              <Column header={t('server.disks.free')} body={(d: ServerInfo['disks'][number]) => formatBytes(d.free)} />
              <Column header={t('server.disks.used')} body={(d: ServerInfo['disks'][number]) => formatBytes(d.used)} />
              <Column header={t('server.disks.usage')} body={(d: ServerInfo['disks'][number]) => <Percent value={d.usage} label={`${t('server.disks.usage')} ${d.dirName}`} />} style={{ width: '14rem' }} />
            </DataTable>
          </Card>
        </div>
      )}
    </div>
  );
}
