import type { Options } from 'tsup';
export declare function libraryBuild(options: Options): Options;
