/** SPEC 2's public routes. The role areas' routes are declared in resources/ (one file per entity). */
export const PUBLIC_PATHS = {
  login: "/",
  register: "/register",
  forgetPassword: "/forget-password",
  resetPassword: "/reset-password",
} as const;
