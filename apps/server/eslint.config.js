import { base, boundaries } from '@hall/eslint-config/base';

export default [...base, boundaries(['@hall/domain', '@hall/api'])];
