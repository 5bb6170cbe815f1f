// The yardsticks of bench/server-reads, each in a process of its own like the hall's server, so all
// are measured the same way: a bare Fastify route answering one small JSON reply and, when
// DATABASE_URL is set, the same route after one or two PostgreSQL round trips (a prepared
// statement through a pool of the hall's size), which is the least a call that reads a citizen's
// own data can cost.
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.post('/bare', async () => ({ errcode: '00', data: { ok: true } }));
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
  const roundTrip = (value) => pool.query({ name: 'bare_round_trip', text: 'SELECT $1::int AS value', values: [value] });
  app.post('/bare-db/:trips', async (request) => {
    const trips = Number(request.params.trips);
    let value = 0;
    for (let trip = 0; trip < trips; trip += 1) value = (await roundTrip(value + 1)).rows[0].value;
    return { errcode: '00', data: { value } };
  });
}
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.({ address });
