import { boundaries, browserContract, envelopeHelpers } from '@hall/eslint-config/base';
import { featureBoundaries } from '@hall/eslint-config/features';
import { react } from '@hall/eslint-config/react';

// Apps use the packages and talk to the server over HTTP only; features do not import each other.
export default [...react, boundaries(['@hall/domain', '@hall/api', '@hall/ui', '@hall/app']), browserContract, envelopeHelpers, featureBoundaries()];
