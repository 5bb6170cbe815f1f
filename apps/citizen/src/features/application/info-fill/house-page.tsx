import { UnitScreen } from './unit-page';

/**
 * /info/houseinfo?id&slsqId&djlx&qllx&appointment&code: the house information of an application —
 * the same unit form, driven by the business's field list, under its own title.
 */
export function HousePage() {
  return <UnitScreen title="房屋信息" heading="房屋信息" />;
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { HousePage as Component };
