import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { settings } from './schema';

/** A setting every process shares, created once by whichever process gets there first. */
export async function sharedSecret(db: Database, key: string): Promise<string> {
  await db
    .insert(settings)
    .values({ key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row!.value;
}
