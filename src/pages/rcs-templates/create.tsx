import { RcsBuilder } from "./builder/rcs-builder";

/**
 * manage-templates/rcs/creation: the bot template builder; `?id=` edits a saved template (SPEC 2 has no edit route).
 */
export function RcsTemplatesCreate() {
  return <RcsBuilder />;
}
