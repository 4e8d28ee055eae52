/** Types of tap-prebuilt.mjs, which is plain JavaScript because it runs before tsx is loaded. */
export declare const TAP_CACHE: string;
export declare function loadPrebuiltTap(cache?: string): Promise<((argv: string[]) => Promise<number>) | undefined>;
export declare function freshBuild(cache?: string): string | undefined;
