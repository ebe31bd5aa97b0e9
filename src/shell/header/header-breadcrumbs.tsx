import { Breadcrumb } from "antd";
import { Link, useLocation } from "react-router";
import type { Role } from "../../../contract";
import { breadcrumbsFor } from "../../../resources";

export function HeaderBreadcrumbs({ role }: { role: Role }) {
  const { pathname } = useLocation();
  const items = breadcrumbsFor(role, pathname).map((c) => ({
    key: c.path ?? c.title,
    title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title,
  }));
  return <Breadcrumb items={items} />;
}
