import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: string;
  body: string;
  contentType: string;
}

export interface RecordingServer {
  /** The server's address, set once the suite's beforeAll has run: the client's prefixUrl. */
  origin: string;
  /** Every request the client made, in order; a test empties it first. */
  seen: RecordedRequest[];
  /** What every request is answered with (JSON), until a test changes it. */
  answer: { status: number; body: unknown };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => done(text));
  });
}

/** A real HTTP server on loopback for the suite, recording what the client sends and answering as told. */
export function useRecordingServer(answer: RecordingServer['answer'] = { status: 200, body: {} }): RecordingServer {
  const recording: RecordingServer = { origin: '', seen: [], answer };
  let server: Server;
  beforeAll(async () => {
    server = createServer(async (request, response) => {
      recording.seen.push({ method: request.method!, url: request.url!, body: await readBody(request), contentType: String(request.headers['content-type'] ?? '') });
      response.writeHead(recording.answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(recording.answer.body));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    recording.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  return recording;
}
