/** Types of prebuilt.mjs, which is plain JavaScript because it runs before tsx is loaded. */
export declare const CACHE_DIR: string;
export declare const PREBUILT_CACHE: string;
export declare function hasPrebuilt(command: string): boolean;
export declare function loadPrebuilt(command: string, cache?: string): Promise<((argv: string[]) => Promise<number>) | undefined>;
export declare function freshBuild(command: string, cache?: string): string | undefined;
