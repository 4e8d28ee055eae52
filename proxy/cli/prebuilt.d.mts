/** Types of prebuilt.mjs (plain JavaScript). */
export declare const CACHE_DIR: string;
