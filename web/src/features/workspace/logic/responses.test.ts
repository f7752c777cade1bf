import { ApiError } from '@/api/client';
import { assertHasId, assertSceneList, MISSING_PROJECT_ID } from './responses';

describe('response checks', () => {
  it('requires the scenes response to be an array', () => {
    expect(assertSceneList([{ id: 'a' }])).toHaveLength(1);
    expect(() => assertSceneList({ scenes: [] })).toThrow('Invalid campaigns response from server');
    expect(() => assertSceneList(null)).toThrow(ApiError);
  });
  it('requires an id on created records', () => {
    expect(assertHasId({ id: 'p1', name: 'x' }, MISSING_PROJECT_ID).id).toBe('p1');
    expect(() => assertHasId({ name: 'x' }, MISSING_PROJECT_ID)).toThrow('Invalid project response: Missing project ID');
    expect(() => assertHasId(undefined, 'Invalid campaign response: Missing campaign ID')).toThrow('Invalid campaign response: Missing campaign ID');
  });
});
