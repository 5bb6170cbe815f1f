import { base, boundaries } from '@hall/eslint-config/base';
import { serverAreas } from './eslint/areas.js';

export default [...base, boundaries(['@hall/domain', '@hall/api']), { files: ['src/**/*.ts'], ...serverAreas }];
