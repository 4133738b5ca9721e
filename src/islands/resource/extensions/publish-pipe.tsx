import { publishPipeResource } from '../../../../shared/resources/cms/publish-pipe.ts';
import type { ResourceExtensions } from '../types.ts';
import { StatusSwitch } from './status-switch.tsx';

const { api, perms } = publishPipeResource;

/** Publish pipes (/configs/publishpipe): the status column is the enable switch (PUT changeStatus). */
export const publishPipeExtensions: ResourceExtensions = {
  columns: {
    status: (row) => <StatusSwitch row={row} idField="pipeId" url={`${api}/changeStatus`} perm={perms.edit!} testId={`pipe-status-${String(row.code)}`} />,
  },
};
