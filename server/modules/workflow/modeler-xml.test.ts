import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../tests/helpers/server.ts';
import { applyChanges, candidatesChange, conditionChange, defaultFlowChange, nameChange } from '../../../src/lib/workflow/bpmn-properties.ts';
import { defaultDiagram } from '../../../src/lib/workflow/default-diagram.ts';
import { GATEWAY_MODEL, readModel } from '../../../src/lib/workflow/test-models.ts';

// The console's designer writes BPMN with its own writers (src/lib/workflow/bpmn-properties.ts):
// what it saves must deploy through the real routes, as a user's Save draft then Deploy do.

const ts = useTestServer();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ok(r: Promise<{ code: number; msg: string; data?: any }>): Promise<any> {
  const reply = await r;
  expect(reply.code, reply.msg).toBe(200);
  return reply.data;
}
const admin = (method: string, path: string, body?: unknown) => ts.api(method, path, { token: ts.admin, body, headers: { 'accept-language': 'en' } });

async function saveAndDeploy(key: string, xml: string) {
  const modelId = (await ok(admin('POST', '/workflow/model', { modelKey: key, name: key }))).modelId as number;
  await ok(admin('PUT', `/workflow/model/${modelId}/xml`, { xml }));
  return { modelId, deployed: await admin('POST', `/workflow/model/${modelId}/deploy`) };
}

describe("the designer's XML through the model routes", () => {
  it('a new model drawn as the designer starts it deploys once its step has candidates', async () => {
    const m = await readModel(defaultDiagram('desk_review', 'Review'));
    const bare = await saveAndDeploy('desk_bare', await m.write());
    expect(bare.deployed.msg).toBe('User task Task_1 names no candidate users or roles');

    applyChanges([...nameChange(m.byId('Task_1'), 'Desk check'), ...candidatesChange(m.byId('Task_1'), 'groups', ['editor'])]);
    const xml = await m.write();
    const { modelId, deployed } = await saveAndDeploy('desk_review', xml);
    expect(deployed.code, deployed.msg).toBe(200);
    expect(deployed.data).toEqual({ version: 1 });
    expect((await ok(admin('GET', `/workflow/model/${modelId}/xml`))).xml).toBe(xml);
    expect((await ok(admin('GET', `/workflow/model/${modelId}/versions`))).map((v: { version: number }) => v.version)).toEqual([1]);
  });

  it('a gateway with a condition on one flow and the other as default deploys', async () => {
    const m = await readModel(GATEWAY_MODEL);
    applyChanges([
      ...candidatesChange(m.byId('desk'), 'groups', ['editor']),
      ...candidatesChange(m.byId('chief'), 'users', ['admin']),
      ...conditionChange(m.byId('toChief'), 'contentType in (video, audio) and role != chief', m.create),
      ...defaultFlowChange(m.byId('toDesk'), true),
    ]);
    const { deployed } = await saveAndDeploy('routed_review', await m.write());
    expect(deployed.code, deployed.msg).toBe(200);
  });
});
