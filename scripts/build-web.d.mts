export declare function buildWebIfStale(options?: { quiet?: boolean }): boolean;
