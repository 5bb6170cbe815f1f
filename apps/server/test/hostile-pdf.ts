import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDeflate } from 'node:zlib';
import type { TestHall } from './hall';

/**
 * A flate bomb: `inflated` bytes of zeros deflated (about a thousandth on disk) as the object stream
 * of an otherwise well-formed one-page PDF, which a parser inflates whole while it reads the file.
 */
export async function flateBombPdf(inflated: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  for (let written = 0; written < inflated; written += zeros.length) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const body = Buffer.concat(chunks);
  return Buffer.concat([
    Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [4 0 R] /Count 1 >>\nendobj\n' +
        '4 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n' +
        `3 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${body.length} >>\nstream\n`,
    ),
    body,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 5 >>\n%%EOF\n'),
  ]);
}

/**
 * Runs `work` while asking the hall's /healthz every 20 ms; answers the work's result, the number of
 * probes and the longest time the hall went without answering one (from one answer to the next,
 * the 20 ms included). A server thread busy parsing a file answers nothing until it is done.
 */
export async function whileProbingHealth<T>(hall: TestHall, work: () => Promise<T>): Promise<{ result: T; probes: number; longestSilenceMs: number }> {
  let running = true;
  let probes = 0;
  let longestSilenceMs = 0;
  let lastAnswer = performance.now();
  const probing = (async () => {
    while (running) {
      const response = await hall.app.inject({ method: 'GET', url: '/healthz' });
      if (response.statusCode !== 200) throw new Error(`/healthz answered ${response.statusCode}`);
      const now = performance.now();
      longestSilenceMs = Math.max(longestSilenceMs, now - lastAnswer);
      lastAnswer = now;
      probes += 1;
      await sleep(20);
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    running = false;
    // The probe in flight when the work ends counts too: it is the one a blocked thread holds up.
    await probing;
  }
  return { result, probes, longestSilenceMs };
}
