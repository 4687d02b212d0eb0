import common from "./common.json";
import marketing from "./marketing.json";
import shell from "./shell.json";

/** What the public pages need, bundled with the entry: no round trip before the first paint. */
export const enPublic = { common, marketing, shell };
