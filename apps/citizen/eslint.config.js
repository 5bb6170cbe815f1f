import { boundaries, browserContract, envelopeHelpers } from '@hall/eslint-config/base';
import { featureBoundaries } from '@hall/eslint-config/features';
import { react } from '@hall/eslint-config/react';

// The screens of one application, from choosing the business to the list of applications.
const APPLICATION = 'application';
// The fill screens' layout (the sections and rights section a case shows), their draft helpers,
// their editable sections and their styles are re-shown by the journey's later screens: the detail
// and preview pages show the same sections read-only, the rights forms keep the fill screens' drafts,
// the statement pages list the applicants with the fill screens' sections. Only those may reach into info-fill.
const FILL_SCREENS = `${APPLICATION}/info-fill`;

// Apps use the packages and talk to the server over HTTP only; features do not import each other.
export default [
  ...react,
  boundaries(['@hall/domain', '@hall/api', '@hall/ui', '@hall/app']),
  browserContract,
  envelopeHelpers,
  featureBoundaries({
    groups: [APPLICATION],
    allow: {
      [`${APPLICATION}/materials`]: [FILL_SCREENS],
      [`${APPLICATION}/rights-fill`]: [FILL_SCREENS],
      [`${APPLICATION}/statements`]: [FILL_SCREENS],
    },
  }),
];
