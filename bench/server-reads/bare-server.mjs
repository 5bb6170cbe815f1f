// The yardstick of bench/server-reads: a bare Fastify route answering one small JSON reply, in a
// process of its own like the hall's server, so both are measured the same way.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async () => ({ errcode: '00', data: { ok: true } }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.({ address });
