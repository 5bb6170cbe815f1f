import { z } from 'zod';
import { apilist } from '../define-call';
import { errcodeReply } from '../envelopes';
import { bareRequest } from './shared/requests';
import { mapSetting } from './content-console';

/**
 * The map of the service-site list (spec part 3 §2.18, §9 "Map zoom scale 14"). The sites
 * themselves are the appointment call area/ (appointments.ts: serviceSites).
 */

/**
 * The map tiles: the provider the console sets (tileUrl is a template with {z}, {x} and {y}, '' when
 * the hall has no map provider configured; the list works without it), and the zoom.
 */
export const mapConfig = mapSetting.extend({ zoom: z.number() });
export type MapConfig = z.infer<typeof mapConfig>;

export const siteCalls = {
  getMapConfig: apilist('getMapConfig', bareRequest, errcodeReply(mapConfig)),
} as const;
