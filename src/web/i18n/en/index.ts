import auth from "./auth.json";
import common from "./common.json";
import marketing from "./marketing.json";
import shell from "./shell.json";

export const en = { common, auth, shell, marketing };
