import { HeaderMediaPicker } from "../../campaigns/components/create/header-media-picker";
import type { WaTemplateChoice } from "./use-wa-templates";

type Values = Record<string, unknown>;

interface Props {
  settings: Values;
  templates: readonly WaTemplateChoice[];
  onChange: (settings: Values) => void;
}

/**
 * The Send template step's header media: when the named WhatsApp template has an image, video or document header,
 * the campaign's picker uploads a file and the step keeps its id (and name, to show). Nothing for other templates.
 */
export function TemplateHeaderField({ settings, templates, onChange }: Props) {
  const name = typeof settings.templateName === "string" ? settings.templateName.trim() : "";
  const template = templates.find((t) => t.name === name && t.format);
  if (!template?.format) return null;
  const id = typeof settings.headerMediaId === "string" ? settings.headerMediaId : "";
  const fileName =
    typeof settings.headerMediaName === "string" && settings.headerMediaName
      ? settings.headerMediaName
      : "the chosen file";
  return (
    <HeaderMediaPicker
      format={template.format}
      wabaId={template.wabaId}
      ownFile={template.ownFile}
      scope="step"
      chosen={id ? { id, file: { name: fileName } } : null}
      onChange={(chosen) => {
        const { headerMediaId: _id, headerMediaName: _name, ...rest } = settings;
        onChange(chosen ? { ...rest, headerMediaId: chosen.id, headerMediaName: chosen.file.name } : rest);
      }}
    />
  );
}
