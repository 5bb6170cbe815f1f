import { base, boundaries } from '@hall/eslint-config/base';

// packages/api may use the domain rules, nothing else of the project.
export default [...base, boundaries(['@hall/domain'])];
