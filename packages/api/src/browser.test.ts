import { describe, expect, it } from 'vitest';
import { contract } from './contract';
import { routes } from './routes.generated';

describe('the browser entry', () => {
  it('knows every call of the contract at the same method, path and payload kind', () => {
    const expected = Object.fromEntries(
      Object.entries(contract).map(([name, call]) => [
        name,
        {
          method: call.method,
          path: call.path,
          form: 'form' in call ? call.form : undefined,
          multipart: 'multipart' in call ? call.multipart : undefined,
          binary: 'binary' in call ? call.binary : undefined,
        },
      ]),
    );
    const actual = Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { form: undefined, multipart: undefined, binary: undefined, ...route }]));
    expect(actual).toEqual(expected);
  });
});
