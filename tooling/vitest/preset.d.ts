import type { ViteUserConfig } from 'vitest/config';
export declare const preset: ViteUserConfig;
export declare function withPreset(config: ViteUserConfig): ViteUserConfig;
