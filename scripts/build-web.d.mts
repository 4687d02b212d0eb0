export declare function buildWeb(options?: { quiet?: boolean }): void;
export declare function buildWebIfStale(options?: { quiet?: boolean }): boolean;
