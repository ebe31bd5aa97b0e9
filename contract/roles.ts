/** The five roles of SPEC 2/6. `department-head` is accepted on input and read as `department_head`. */
export const ROLES = ["admin", "reseller", "manager", "user", "department_head"] as const;
export type Role = (typeof ROLES)[number];

export function normalizeRole(raw: string | null | undefined): Role | null {
  if (!raw) return null;
  const value = raw.trim().toLowerCase().replace(/-/g, "_");
  return (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}

export interface RoleArea {
  /** URL prefix of the role's area (SPEC 2). */
  prefix: string;
  /** Where the role lands after login. */
  home: string;
  /** How the role is named to people ("organization" for managers). */
  label: string;
}

export const ROLE_AREAS: Record<Role, RoleArea> = {
  admin: { prefix: "/admin", home: "/admin", label: "Admin" },
  reseller: { prefix: "/reseller", home: "/reseller", label: "Reseller" },
  manager: { prefix: "/organization", home: "/organization", label: "Organization" },
  user: { prefix: "/user", home: "/user", label: "User" },
  department_head: { prefix: "/department-head", home: "/department-head", label: "Department head" },
};

/** SPEC 2's public routes. */
export const PUBLIC_PATHS = {
  login: "/",
  register: "/register",
  forgetPassword: "/forget-password",
  resetPassword: "/reset-password",
  confirmEmail: "/confirm-email",
  /** Ours: a live agent's invitation link (issue 10). */
  acceptInvite: "/accept-invite",
} as const;

/** Absolute path of a route in a role's area: areaPath('manager', 'users') → '/organization/users'. */
export function areaPath(role: Role, sub = ""): string {
  const { prefix } = ROLE_AREAS[role];
  const rest = sub.replace(/^\/+/, "");
  return rest ? `${prefix}/${rest}` : prefix;
}

/** The role whose area a path lies in, or null when the path is open to any role. */
export function areaRoleOf(pathname: string): Role | null {
  for (const role of ROLES) {
    const { prefix } = ROLE_AREAS[role];
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return role;
  }
  return null;
}

/** SPEC 2: navigation helpers use /organization for managers and /user for everyone else. */
export function navigationPrefix(role: Role): "/organization" | "/user" {
  return role === "manager" ? "/organization" : "/user";
}

/** Roles whose accounts hold sub-accounts and which roles each may create (SPEC leaves it open; our choice). */
export const CREATABLE_ROLES: Record<Role, readonly Role[]> = {
  admin: ["reseller", "manager", "user", "department_head"],
  reseller: ["manager", "user"],
  manager: ["user", "department_head"],
  user: [],
  department_head: [],
};

/** Roles whose workspace sidebar is gated by module permissions (SPEC 2, 6). */
export const MODULE_GATED_ROLES: readonly Role[] = ["manager", "user", "department_head"];
