import { WORKSPACE } from "./areas";
import type { ResourceDef } from "./types";

/** RCS templates, built in the bot template builder (rich cards, carousels). SPEC 7 names no calls: ours are in contract/calls/rcs-templates.ts.
 * SPEC 2 has no edit route: the creation route edits with `?id=<template id>`. */
export const rcsTemplates: ResourceDef = {
  name: "rcs-templates",
  label: "RCS templates",
  icon: "template",
  module: "template",
  routes: [
    { path: "manage-templates/rcs", title: "RCS Templates", areas: WORKSPACE, page: "list" },
    { path: "manage-templates/rcs/creation", title: "New RCS Template", areas: WORKSPACE, page: "create" },
  ],
  actions: {
    list: "rcsTemplates.list",
    show: "rcsTemplates.get",
    create: "rcsTemplates.create",
    update: "rcsTemplates.update",
    delete: "rcsTemplates.delete",
  },
};
