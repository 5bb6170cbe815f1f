import { base, boundaries } from '@hall/eslint-config/base';

// packages/domain imports nothing of the project.
export default [...base, boundaries([])];
