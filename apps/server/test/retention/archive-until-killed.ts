// The retention command's audit archive, stopped dead (SIGKILL of its own process) right after the
// step named: what a power cut or a killed process at that moment leaves behind.
//
//   node --import tsx test/retention/archive-until-killed.ts <owner's database address> <folder> <step>
import pg from 'pg';
import { archiveAuditTrail, type AuditArchiveStep } from '../../src/services/retention/audit-archive';

const [url, folder, stopAfter] = process.argv.slice(2) as [string, string, AuditArchiveStep];
const owner = new pg.Pool({ connectionString: url, max: 1 });
await archiveAuditTrail(owner, {
  months: 6,
  folder,
  afterStep: async (step) => {
    if (step !== stopAfter) return;
    process.kill(process.pid, 'SIGKILL');
    await new Promise(() => {});
  },
});
throw new Error(`the archive ran past ${stopAfter} without being stopped`);
