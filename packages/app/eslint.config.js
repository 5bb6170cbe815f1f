import { boundaries, browserContract, envelopeHelpers } from '@hall/eslint-config/base';
import { react } from '@hall/eslint-config/react';

// packages/app is the apps' shared client layer: it may use the other packages, never an app.
export default [...react, boundaries(['@hall/domain', '@hall/api', '@hall/ui']), browserContract, envelopeHelpers];
