import type { ResourceDef } from "./types";

export const keyConfigs: ResourceDef = {
  name: "key-configs",
  label: "Key configurations",
  icon: "key",
  module: "api",
  routes: [],
  actions: {
    list: "keyConfigs.list",
    show: "keyConfigs.get",
    create: "keyConfigs.create",
    update: "keyConfigs.update",
    delete: "keyConfigs.delete",
  },
  shownIn: "api-keys",
};
