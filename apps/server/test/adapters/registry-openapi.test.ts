import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { HttpRegistry, REGISTRY_OPERATIONS } from '../../src/adapters/registry/http';
import { BACK_OFFICE_CASE, BACK_OFFICE_CERTIFICATE, BACK_OFFICE_LICENCE, CLIENT, startFakeRegistry, type FakeRegistry } from './fake-registry';

/** docs/registry-openapi.yaml and the adapter must describe the same interface: the same paths, bodies and answers. */

interface OpenApiOperation {
  requestBody?: { content: { 'application/json': { schema: object } } };
  responses: Record<string, { content?: { 'application/json'?: { schema: object } }; $ref?: string }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  security: Array<Record<string, unknown>>;
  components: {
    schemas: Record<string, object>;
    responses: Record<string, { content: { 'application/json': { schema: object } } }>;
    securitySchemes: Record<string, { type: string; scheme: string }>;
  };
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
let doc: OpenApiDocument;
let ajv: Ajv2020;
let fake: FakeRegistry;

beforeAll(async () => {
  doc = parse(await readFile(join(import.meta.dirname, '../../../../docs/registry-openapi.yaml'), 'utf8')) as OpenApiDocument;
  // OpenAPI 3.1's schemas are JSON Schema 2020-12: the document's components become one schema, its refs pointing there.
  ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  ajv.addSchema({ $id: 'registry', $defs: retarget(doc.components.schemas) });
  fake = await startFakeRegistry();
});
afterAll(() => fake.close());

function retarget<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"registry#/$defs/')) as T;
}

function compile(schema: object): ValidateFunction {
  return ajv.compile(retarget(schema));
}

/** The documented JSON schema of an answer: inline, or through a shared response. */
function responseSchema(path: string, method: string, status: number): object {
  const responses = doc.paths[path]![method]!.responses;
  const response = responses[String(status)] ?? responses.default!;
  const resolved = response.$ref ? doc.components.responses[response.$ref.split('/').at(-1)!]! : response;
  const schema = resolved.content?.['application/json']?.schema;
  if (!schema) throw new Error(`no JSON schema for ${method} ${path} ${status}`);
  return schema;
}

function registry(secret = CLIENT.secret) {
  return new HttpRegistry({ baseUrl: fake.url, clientId: CLIENT.id, clientSecret: secret, fetch, timeoutMs: 2000 });
}

const OWNER = { name: BACK_OFFICE_CERTIFICATE.qlr, idcard: BACK_OFFICE_CERTIFICATE.zjh };

/** Every kind of call the adapter makes, each found, not found and refused. */
async function driveEveryOperation(): Promise<void> {
  for (const client of [registry(), registry('wrong')]) {
    const settle = (promise: Promise<unknown>) => promise.catch(() => undefined);
    await settle(client.findCertificate({ ...OWNER, qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '130400' }));
    await settle(client.findCertificate({ ...OWNER, qzh: 'none', xzqdm: '' }));
    await settle(client.findLicence({ ...OWNER, qzh: BACK_OFFICE_LICENCE.qzh, xzqdm: '' }));
    await settle(client.findLicence({ ...OWNER, qzh: 'none', xzqdm: '130400' }));
    await settle(client.listCertificatesOf(OWNER));
    await settle(client.listCertificatesOf({ name: '李四', idcard: '130403199001014561' }));
    await settle(client.findPropertyUnit({ ...OWNER, qzh: BACK_OFFICE_CERTIFICATE.qzh }));
    await settle(client.findPropertyUnit({ ...OWNER, qzh: 'none' }));
    await settle(client.findCaseProgress(BACK_OFFICE_CASE.serialNumber));
    await settle(client.findCaseProgress('none'));
  }
}

describe('docs/registry-openapi.yaml and HttpRegistry', () => {
  it('is OpenAPI 3.1 with HTTP Basic as the one security scheme, which the adapter sends', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.values(doc.components.securitySchemes)).toEqual([expect.objectContaining({ type: 'http', scheme: 'basic' })]);
    expect(doc.security).toEqual([{ [Object.keys(doc.components.securitySchemes)[0]!]: [] }]);
    await registry().findCaseProgress(BACK_OFFICE_CASE.serialNumber);
    expect(fake.exchanges.at(-1)!.authorization).toMatch(/^Basic /);
  });

  it('documents exactly the paths and methods the adapter calls, no more and no fewer', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const called = Object.values(REGISTRY_OPERATIONS).map(({ method, path }) => `${method} ${path}`);
    expect(documented.sort()).toEqual(called.sort());
  });

  it('every call the adapter makes reaches a documented path, with a body the document accepts', async () => {
    fake.exchanges.length = 0;
    await driveEveryOperation();
    const reached = new Set<string>();
    for (const exchange of fake.exchanges) {
      expect(exchange.operationPath, exchange.rawPath).not.toBeNull();
      const operation = doc.paths[exchange.operationPath!]![exchange.method.toLowerCase()];
      expect(operation, `${exchange.method} ${exchange.operationPath}`).toBeDefined();
      reached.add(`${exchange.method} ${exchange.operationPath}`);
      const bodySchema = operation!.requestBody?.content['application/json'].schema;
      if (!bodySchema) {
        expect(exchange.requestBody).toBeUndefined();
        continue;
      }
      expect(exchange.contentType).toBe('application/json');
      const validate = compile(bodySchema);
      expect(validate(exchange.requestBody), JSON.stringify(validate.errors)).toBe(true);
    }
    expect(reached.size).toBe(Object.keys(REGISTRY_OPERATIONS).length);
  });

  it("the fake's answers (found, not found, refused) follow the document's response schemas", async () => {
    fake.exchanges.length = 0;
    await driveEveryOperation();
    const statuses = new Set(fake.exchanges.map((e) => e.status));
    expect([...statuses].sort()).toEqual([200, 401, 404]);
    for (const exchange of fake.exchanges) {
      const validate = compile(responseSchema(exchange.operationPath!, exchange.method.toLowerCase(), exchange.status));
      expect(validate(exchange.responseBody), `${exchange.method} ${exchange.operationPath} ${exchange.status}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('the adapter refuses a 200 answer the document refuses: each required field taken away in turn', async () => {
    const cases = [
      { path: '/certificates/lookup', body: { certificate: BACK_OFFICE_CERTIFICATE }, call: () => registry().findCertificate({ ...OWNER, qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '' }) },
      { path: '/licences/lookup', body: { certificate: BACK_OFFICE_LICENCE }, call: () => registry().findLicence({ ...OWNER, qzh: BACK_OFFICE_LICENCE.qzh, xzqdm: '' }) },
      {
        path: '/property-units/lookup',
        body: { unit: { bdcdyh: 'U', zl: 'Z', yt: 'Y', mj: '1', dyList: [] } },
        call: () => registry().findPropertyUnit({ ...OWNER, qzh: BACK_OFFICE_CERTIFICATE.qzh }),
      },
      { path: '/cases/{acceptanceNumber}', method: 'get', body: { case: BACK_OFFICE_CASE }, call: () => registry().findCaseProgress(BACK_OFFICE_CASE.serialNumber) },
    ];
    for (const { path, method = 'post', body, call } of cases) {
      const validate = compile(responseSchema(path, method, 200));
      expect(validate(body), path).toBe(true);
      await expect(call(), path).resolves.not.toBeNull();
      const [key, entity] = Object.entries(body)[0]! as [string, Record<string, unknown>];
      for (const field of Object.keys(entity)) {
        const { [field]: _removed, ...rest } = entity;
        const broken = { [key]: rest };
        // Only what the document requires is tested here; the document decides, not this list.
        if (validate(broken)) continue;
        fake.answerNextWith(broken);
        await expect(call(), `${path} without ${key}.${field}`).rejects.toThrow(/does not follow the interface/);
      }
    }
  });
});
