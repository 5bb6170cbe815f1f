import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testHallForFile } from './hall';

const hall = testHallForFile();

const call = (path: string, acceptEncoding: string, payload: object = {}) =>
  hall.app.inject({ method: 'POST', url: `/online/wx/apilist/${path}`, payload, headers: { 'accept-encoding': acceptEncoding } });

describe('compressed replies', () => {
  it('the menu, the same for everyone, is compressed once at the highest level: the same bytes every time', async () => {
    const plain = await call('GetWxMenu', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.json()).toMatchObject({ errcode: '00' });
    const first = await call('GetWxMenu', 'gzip, deflate, br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    // Smaller than the per-request level (2) makes it, and byte for byte the same next time.
    expect(first.rawPayload.length).toBeLessThan(brotliCompressSync(plain.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } }).length);
    expect((await call('GetWxMenu', 'gzip, deflate, br')).rawPayload.equals(first.rawPayload)).toBe(true);
    const gzipped = await call('GetWxMenu', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
  });

  it('any other reply over 1 KB is compressed on the spot, with its length and Vary', async () => {
    const plain = await call('getZlxzList', 'identity', { xzqdm: '130400' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const compressed = await call('getZlxzList', 'br;q=1.0, gzip;q=0.5', { xzqdm: '130400' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['transfer-encoding']).toBeUndefined();
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    const gzipped = await call('getZlxzList', 'gzip', { xzqdm: '130400' });
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
  });

  it('a reply under 1 KB, or for a browser that takes no compression, goes out as it is', async () => {
    const small = await call('getContactUs', 'gzip, deflate, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ errcode: '00' });
    const refused = await call('getZlxzList', 'br;q=0, gzip;q=0', { xzqdm: '130400' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toMatchObject({ errcode: '00' });
  });
});
