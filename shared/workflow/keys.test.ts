import { describe, expect, it } from 'vitest';
import { workflowModelResource } from '../resources/workflow/model.ts';
import { MODEL_API, MODEL_EDIT, MODEL_VIEW } from './keys.ts';

describe('the review model keys pages use without the definition', () => {
  it('are the definition\'s own route and keys', () => {
    expect(MODEL_API).toBe(workflowModelResource.api);
    expect(MODEL_VIEW).toBe(workflowModelResource.perms.view);
    expect(MODEL_EDIT).toBe(workflowModelResource.perms.edit);
  });
});
