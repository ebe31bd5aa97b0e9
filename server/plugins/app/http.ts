import fp from "fastify-plugin";
import { installErrorHandlers } from "../../http/errors";
import { installInputGuard } from "../../http/input-guard";
import { installValidators } from "../../http/validation";

/** The API's request rules: `{ success:false, … }` error bodies, the input guard and the schema validators. */
export const httpRules = fp(
  async (app) => {
    installErrorHandlers(app);
    installInputGuard(app);
    installValidators(app);
  },
  { name: "http-rules" },
);
