import { boundaries } from '@hall/eslint-config/base';
import { react } from '@hall/eslint-config/react';

// packages/ui is presentational: data comes in by props, it never calls the API.
export default [...react, boundaries(['@hall/domain'])];
