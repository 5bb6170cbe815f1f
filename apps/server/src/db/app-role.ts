import pg from 'pg';

/**
 * The hall runs as a role that owns nothing: migrations run as the database's owner, and the
 * application connects as a role that may read and write rows and nothing more. It cannot drop or
 * disable the audit trail's append-only trigger (only the table's owner can), alter a table, or
 * truncate one; on the audit trail it may only read and append.
 */

/** The embedded database's application role (its owner is `hall`, the cluster's first role). */
export const EMBEDDED_APP_ROLE = 'hall_app';

/** Tables the application may read and append to, never change or empty. */
const APPEND_ONLY_TABLES = ['audit_trail'];

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The role a connection address signs in as. */
export function roleOf(url: string): string {
  return decodeURIComponent(new URL(url).username);
}

/**
 * Grants the application role what it needs on every table and sequence the owner's migrations made
 * (run after each migration, as the owner: a new table is covered at once). Refuses a role that is
 * the owner itself or a superuser, since such a role could undo the audit trail's protection.
 */
export async function grantApplicationRole(ownerUrl: string, role: string): Promise<void> {
  if (!ROLE_NAME.test(role)) throw new Error(`the application's database role "${role}" is not a plain lower-case name`);
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    const { rows } = await owner.query<{ superuser: boolean; owns: boolean }>(
      `SELECT r.rolsuper AS superuser, pg_has_role(r.oid, (SELECT relowner FROM pg_class WHERE oid = 'audit_trail'::regclass), 'USAGE') AS owns
       FROM pg_roles r WHERE r.rolname = $1`,
      [role],
    );
    if (!rows[0]) throw new Error(`the application's database role "${role}" does not exist`);
    if (rows[0].superuser || rows[0].owns) throw new Error(`the application's database role "${role}" must not be a superuser nor own the hall's tables (migrations run as the owner)`);
    await owner.query(`GRANT USAGE ON SCHEMA public TO "${role}"`);
    await owner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO "${role}"`);
    await owner.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO "${role}"`);
    // /readyz reads which migrations are applied (plugins/readiness.ts); the list only, nothing to write.
    await owner.query(`GRANT USAGE ON SCHEMA drizzle TO "${role}"`);
    await owner.query(`GRANT SELECT ON drizzle.__drizzle_migrations TO "${role}"`);
    for (const table of APPEND_ONLY_TABLES) await owner.query(`REVOKE UPDATE, DELETE, TRUNCATE ON "${table}" FROM "${role}"`);
  } finally {
    await owner.end();
  }
}
