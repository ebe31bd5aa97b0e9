import type { CallId, ModuleName, Role } from "../contract";

/**
 * Icon names are plain strings so resources/ stays free of React; src/shell/sidebar/nav-icons.tsx maps each
 * name to its component (the map is typed over this union, so a new name fails the type check there).
 */
export type ResourceIcon =
  | "dashboard"
  | "campaign"
  | "users"
  | "quota"
  | "settings"
  | "channels"
  | "template"
  | "reports"
  | "team-reports"
  | "ai"
  | "chat"
  | "api"
  | "agents"
  | "workflow"
  | "billing"
  | "marketplace"
  | "upload"
  | "key"
  | "knowledge";

/** A sidebar group an entry sits in (Refine's `meta.parent`); groups are declared in groups.ts. */
export type GroupName = "workspace-settings";

/**
 * The page file of src/pages/<resource>/ a route renders: Refine's list, create, edit, show; "index" for a
 * resource's one bespoke page (dashboard, settings); or another kebab-case name for a further screen of the
 * resource (campaigns/unified.tsx). The file's named export is the PascalCase of "<resource>-<page>"
 * (users/list.tsx → UsersList), or "<Resource>Page" for index.tsx.
 */
export type PageKind = "list" | "create" | "edit" | "show" | "index" | (string & {});

/** A sidebar entry for a route: where it sorts and, optionally, its group. */
export interface MenuEntry {
  /** Position in the sidebar; entries of all resources sort together by this number. */
  order: number;
  group?: GroupName;
  /** Roles of the route's areas that do NOT see the entry (the route itself stays open to them). */
  hiddenFor?: readonly Role[];
}

/** One sub-path of SPEC 2 under a role prefix. */
export interface ResourceRoute {
  /** Relative to the area prefix; "" is the area's home. */
  path: string;
  /** Breadcrumb, page and sidebar title. */
  title: string;
  /** Role areas in which the route exists. */
  areas: readonly Role[];
  /** Roles allowed to open it (SPEC 2: a route may list allowed roles); others are sent home. Default: all areas. */
  allow?: readonly Role[];
  /** The page file that renders it, src/pages/<resource>/<page>.tsx; a missing file renders 'Coming soon'. */
  page: PageKind;
  /** Shown in the sidebar. */
  menu?: MenuEntry;
  /** The sidebar icon, when this route's differs from its resource's. */
  icon?: ResourceIcon;
  /** Child routes rendered inside this route's page (a modal or drawer over the list), relative to `path`. */
  children?: readonly { path: string; title: string; page: PageKind }[];
}

/**
 * The contract call each Refine data action performs. Calls that are not CRUD are named by their id where they are made
 * (src/api/use-call.ts), not aliased here.
 */
export interface ResourceActions {
  list?: CallId;
  show?: CallId;
  create?: CallId;
  update?: CallId;
  delete?: CallId;
}

export interface ResourceDef {
  /** Refine resource name and the folder of its pages: src/pages/<name>/. */
  name: string;
  label: string;
  icon: ResourceIcon;
  /** SPEC 2 module gating: module-gated roles need this module for every route and call of the resource. */
  module?: ModuleName;
  routes: readonly ResourceRoute[];
  actions: ResourceActions;
  /** Field of a list response holding the rows (default "data"). */
  listKey?: string;
  /** Field of a list response holding the number of rows of every page (default "count"). */
  totalKey?: string;
  /** Where an update or delete carries the record id when its call has no `:id` path parameter (default "id"). */
  idField?: string;
  /** Checks made before a create is sent; a string is the message the person sees, and nothing is sent. */
  checkCreate?: (values: Readonly<Record<string, unknown>>) => string | null;
  /** Where the pages of a resource with no route of its own appear. */
  shownIn?: string;
}
