import { captureLanding, createAppClient } from '@hall/app';

/** Read before the router starts, so a used OAuth code never travels on (see captureLanding). */
export const landing = captureLanding();

/** The shell's client; a lost session goes back through WeChat's authorize page. */
export const api = createAppClient('/admin/');
