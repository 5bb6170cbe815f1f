// The console's journeys run on the citizen's e2e harness (a hall of their own, Debian's Chromium,
// axe at every screen): one harness for both apps, named here once.
export { hallForFile, screenshots, signIn } from '../../citizen/e2e/harness';
export { OWNER, citizenOnPhone, keepFailureEvidence, verifiedCitizen } from '../../citizen/e2e/identity';
export { steadyScreenshots } from '../../citizen/e2e/steady-screenshots';
export { submitMortgageOverHttp } from '../../citizen/e2e/submit-over-http';
export { acknowledge, applyFromGuide, submitAndFindPending, uploadRequired, type Shot } from '../../citizen/e2e/application-steps';
export { tinyPdf } from '../../citizen/e2e/pdf-fixture';
export { waitForNewestRecord } from '../../citizen/e2e/record-lists';
