import type pg from 'pg';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from './db/client';
import { articles, banners, commonQuestions, guides, menus, queryCities, registryCases, registryCertificates, settings } from './db/schema';
import { withAdvisoryLock } from './db/migrate';
import type { HallMode } from './mode';
import { DEMO_BUSINESSES, DEMO_BUSINESS_CATEGORIES, DEMO_BUSINESS_FIELDS, DEMO_BUSINESS_GUIDES, DEMO_BUSINESS_MATERIALS, DEMO_BUSINESS_TYPES, DEMO_DICTIONARIES } from './seed/apply-catalogue';
import { businessCategories, businessFields, businessMaterials, businessTypes, businesses, dictionaries } from './db/schema';
import { seedAppointments } from './seed/appointments';
import { seedQueue } from './seed/queue';
import { seedDownloads } from './seed/downloads';
import { seedStatementTemplates } from './seed/statements';
import { seedArchiveQuery } from './seed/archive-query';
import { seedDemoOperators } from './seed/operators';
import { DEMO_ARTICLES, DEMO_BANNERS, DEMO_CASES, DEMO_CERTIFICATES, DEMO_COMMON_QUESTIONS, DEMO_CONTACT, DEMO_GUIDES, DEMO_MENUS, DEMO_QUERY_CITIES } from './seed/content';

const SEED_LOCK = 48_151_624;
/** Raised when the demo data changes, so an older data folder gets the new parts. */
export const SEED_VERSION = '9';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Demo-only data: one operator account per role and the demo registry (certificates, cases, archive records). */
async function seedDemoOnly(tx: Transaction, now: number): Promise<void> {
  await tx.insert(registryCertificates).values(DEMO_CERTIFICATES).onConflictDoNothing();
  await tx
    .insert(registryCases)
    .values(DEMO_CASES.map((c) => ({ serialNumber: c.serialNumber, name: c.name, processName: c.processName, actStart: new Date(now - c.daysAgo * DAY_MS), activityName: c.activityName })))
    .onConflictDoNothing();
  await seedDemoOperators(tx);
  await seedArchiveQuery(tx);
}

/**
 * Seeds the hall once per seed version; safe to call on every start and from several processes.
 * Every hall gets its starting configuration (menus, banners, the business catalogue and its
 * dictionaries, statement templates, query cities, appointment and queue halls, downloadable forms).
 * Demo mode adds sample articles, questions and contact lines, the demo operator and the demo
 * registry; a production hall never holds a demo person or registry record.
 */
export async function seedHall(pool: pg.Pool, db: Database, mode: HallMode): Promise<void> {
  const versionKey = mode === 'demo' ? 'seed_version' : 'production_seed_version';
  await withAdvisoryLock(pool, SEED_LOCK, async () => {
    const [done] = await db.select().from(settings).where(eq(settings.key, versionKey));
    if (done?.value === SEED_VERSION) return;
    await db.transaction(async (tx) => {
      const now = Date.now();
      await tx.insert(menus).values(DEMO_MENUS).onConflictDoNothing();
      await tx.insert(banners).values(DEMO_BANNERS).onConflictDoNothing();
      await tx.insert(queryCities).values(DEMO_QUERY_CITIES).onConflictDoNothing();
      await tx.insert(guides).values(DEMO_GUIDES).onConflictDoNothing();
      // The application catalogue (spec part 2): types, categories, businesses with their fields, materials and guides, dictionaries.
      await tx.insert(businessTypes).values(DEMO_BUSINESS_TYPES).onConflictDoNothing();
      await tx.insert(businessCategories).values(DEMO_BUSINESS_CATEGORIES).onConflictDoNothing();
      await tx.insert(businesses).values(DEMO_BUSINESSES).onConflictDoNothing();
      await tx.insert(businessFields).values(DEMO_BUSINESS_FIELDS).onConflictDoNothing();
      await tx.insert(businessMaterials).values(DEMO_BUSINESS_MATERIALS).onConflictDoNothing();
      await tx.insert(guides).values(DEMO_BUSINESS_GUIDES).onConflictDoNothing();
      await tx.insert(dictionaries).values(DEMO_DICTIONARIES).onConflictDoNothing();
      // Counter appointments (spec part 3): sites, businesses, three weeks of calendar and slots.
      await seedAppointments(tx, new Date(now));
      await seedQueue(tx, new Date(now));
      await seedDownloads(tx);
      await seedStatementTemplates(tx);
      if (mode === 'demo') {
        if (!done) {
          await tx.insert(articles).values(DEMO_ARTICLES.map((a) => ({ type: a.type, title: a.title, content: a.content, publishedAt: new Date(now - a.daysAgo * DAY_MS) })));
          await tx.insert(commonQuestions).values(DEMO_COMMON_QUESTIONS);
        }
        await tx.insert(settings).values({ key: 'contact_us', value: DEMO_CONTACT }).onConflictDoNothing();
        await seedDemoOnly(tx, now);
      }
      await tx
        .insert(settings)
        .values({ key: versionKey, value: SEED_VERSION })
        .onConflictDoUpdate({ target: settings.key, set: { value: SEED_VERSION } });
    });
  });
}
