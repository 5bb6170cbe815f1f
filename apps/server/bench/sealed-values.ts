// What sealing costs a value (not run by CI): opening and sealing 20 000 names and ID numbers under one
// data key, the hall's way and, for comparison, with an SM4-CTR cipher object made for each value (how
// values were opened before the key's one ECB cipher made the keystream). Both must give the same text.
// Each is timed in ROUNDS rounds taken in turn, and the median round is printed: a shared machine's noise
// then falls on all of them alike.
//   cd apps/server && npx tsx bench/sealed-values.ts
import { createCipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { deriveDataKey, openWith, sealedParts, sealWith, type DataKey } from '../src/db/sealed/sm4-seal';

const VALUES = 20_000;
const key = deriveDataKey('1', randomBytes(32));
const keys = new Map([[key.id, key]]);
const clear = Array.from({ length: VALUES }, (_, index) => (index % 2 ? `张三${index}` : `1101051949123${String(index).padStart(5, '0')}`));

/** The opening of a value with a counter-mode cipher made for it: what the ECB keystream replaced. */
function openWithCipherPerValue(value: string, dataKey: DataKey): string {
  const parts = sealedParts(value)!;
  const sealed = Buffer.from(parts.payload, 'base64url');
  const body = sealed.subarray(0, sealed.length - 16);
  const tag = createHmac('sm3', dataKey.macKey).update(parts.header).update(body).digest().subarray(0, 16);
  if (!timingSafeEqual(tag, sealed.subarray(sealed.length - 16))) throw new Error('tag');
  const cipher = createCipheriv('sm4-ctr', dataKey.encryptionKey, body.subarray(0, 16));
  return Buffer.concat([cipher.update(body.subarray(16)), cipher.final()]).toString('utf8');
}

const ROUNDS = 7;

/** Microseconds a value of one round of `work`. */
function microsEach(work: (index: number) => unknown): number {
  const began = performance.now();
  for (let index = 0; index < VALUES; index++) work(index);
  return ((performance.now() - began) * 1000) / VALUES;
}

const sealed = clear.map((text) => sealWith(key, text, 'index'));
for (let index = 0; index < VALUES; index += 97) {
  if (openWith(keys, sealed[index]!) !== clear[index] || openWithCipherPerValue(sealed[index]!, key) !== clear[index]) throw new Error(`value ${index} opens differently`);
}
console.log(`${VALUES} values, node ${process.version}`);
const cases: [string, (index: number) => unknown][] = [
  ['seal (the hall)', (index) => sealWith(key, clear[index]!, 'index')],
  ['open (the hall)', (index) => openWith(keys, sealed[index]!)],
  ['open (a cipher object each value)', (index) => openWithCipherPerValue(sealed[index]!, key)],
];
const rounds = cases.map(() => [] as number[]);
for (const [, work] of cases) microsEach(work); // warm up
for (let round = 0; round < ROUNDS; round++) cases.forEach(([, work], index) => rounds[index]!.push(microsEach(work)));
cases.forEach(([label], index) => {
  const sorted = rounds[index]!.sort((a, b) => a - b);
  console.log(`${label.padEnd(36)} ${sorted[ROUNDS >> 1]!.toFixed(2)} µs a value (median of ${ROUNDS} rounds; ${sorted[0]!.toFixed(2)}–${sorted[ROUNDS - 1]!.toFixed(2)})`);
});
