import { createAppClient } from '@hall/app/session';

/** The one client of the app; a lost session goes to the reply's address, else the home page. */
export const api = createAppClient('/');
