import { Tag } from "antd";
import { normalizeRole, ROLE_AREAS, type Role } from "../../../contract";

const COLORS: Record<Role, string> = {
  admin: "magenta",
  reseller: "purple",
  manager: "blue",
  user: "cyan",
  department_head: "geekblue",
};

/** Roles read as people know them ('Organization' for managers), from ROLE_AREAS. */
export function RoleTag({ role }: { role: string }) {
  const r = normalizeRole(role);
  if (!r) return <Tag>{role}</Tag>;
  return <Tag color={COLORS[r]}>{ROLE_AREAS[r].label}</Tag>;
}
