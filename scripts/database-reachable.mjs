// Exits 0 when a PostgreSQL server accepts a TCP connection at the URL's host and port.
import { connect } from 'node:net';

const url = new URL(process.argv[2] ?? '');
const socket = connect({ host: url.hostname, port: Number(url.port || 5432) });
const timer = setTimeout(() => {
  socket.destroy();
  process.exit(1);
}, 2000);
socket.once('connect', () => {
  clearTimeout(timer);
  socket.end();
  process.exit(0);
});
socket.once('error', () => process.exit(1));
