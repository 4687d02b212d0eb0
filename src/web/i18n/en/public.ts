import common from "./common.json";
import language from "./language.json";
import shell from "./shell.json";

/**
 * What every page needs, bundled with the entry: no round trip before the first paint. The public
 * pages' own text (marketing) comes with their layout (public-layout.tsx), not to every /app screen.
 */
export const enPublic = { common, shell, language };
