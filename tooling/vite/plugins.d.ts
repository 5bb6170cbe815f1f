import type { Plugin } from 'vite';
export declare function reactRouterProductionBuild(): Plugin;
