/**
 * Demo statement templates (spec part 3 §3: picked by a name containing 具结, 问询 or 明): the
 * materials the rendered undertaking letter, inquiry record and loss statement are uploaded to,
 * added to every transfer (200+4) and certificate-change (800+4) business.
 */
import { STATEMENT_TEMPLATE_NAMES } from '@hall/domain';
import type { Transaction } from '../db/client';
import { businessMaterials } from '../db/schema';
import { DEMO_BUSINESSES } from './apply-catalogue';

/** After a business's own materials; optional, as the citizen may bring the paper forms to the counter. */
const TEMPLATE_SORT = 50;

export const DEMO_STATEMENT_TEMPLATES = DEMO_BUSINESSES.filter((business) => business.qllx === '4' && (business.djlx === '200' || business.djlx === '800')).flatMap((business) => {
  const names: string[] = [STATEMENT_TEMPLATE_NAMES.undertaking, STATEMENT_TEMPLATE_NAMES.inquiry];
  if (business.djlx === '800') names.push(STATEMENT_TEMPLATE_NAMES.changeStatement);
  return names.map((name, index) => ({ prodefId: business.id, name, required: '否', sort: TEMPLATE_SORT + index }));
});

export async function seedStatementTemplates(tx: Transaction): Promise<void> {
  await tx.insert(businessMaterials).values(DEMO_STATEMENT_TEMPLATES).onConflictDoNothing();
}
