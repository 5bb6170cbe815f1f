import type { Linter } from 'eslint';
export declare const base: Linter.Config[];
export declare const react: Linter.Config[];
export declare function boundaries(allowed?: string[]): Linter.Config;
export declare const browserContract: Linter.Config;
export declare function featureBoundaries(options?: { appDir?: string; featuresDir?: string; groups?: string[]; allow?: Record<string, string[]> }): Linter.Config;
