import { boundaries, browserContract, envelopeHelpers } from '@hall/eslint-config/base';
import { react } from '@hall/eslint-config/react';

// Apps use the packages and talk to the server over HTTP only.
export default [...react, boundaries(['@hall/domain', '@hall/api', '@hall/ui', '@hall/app']), browserContract, envelopeHelpers];
