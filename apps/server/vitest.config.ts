import { preset } from '@hall/vitest-config';

export default preset;
