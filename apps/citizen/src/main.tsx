import { startSessionBootstrap } from './lib/session-start';

// The entry is small on purpose: it starts the session bootstrap (every route waits for it, the
// /waiting guard) and loads the hall's screens, whose code the page already fetches beside this
// script (a modulepreload in the HTML, see vite.config.ts): on a slow phone the sign-in's round
// trips then overlap the download of React and the screens instead of following it.
startSessionBootstrap();
void import('./app/hall');
