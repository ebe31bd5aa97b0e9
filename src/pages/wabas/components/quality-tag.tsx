import { Tag, Tooltip } from "antd";
import type { QualityRating } from "../../../../contract";

/** Meta's words for its colours: the rating is how recipients have received this number's messages lately. */
const META: Record<QualityRating, { color: string; label: string; hint: string }> = {
  GREEN: { color: "success", label: "High", hint: "Recipients rate this number's messages well." },
  YELLOW: { color: "warning", label: "Medium", hint: "Some recipients blocked or reported this number lately." },
  RED: { color: "error", label: "Low", hint: "Many recipients blocked or reported this number: review what it sends." },
  UNKNOWN: { color: "default", label: "Unknown", hint: "Not rated yet." },
};

export function QualityTag({ rating }: { rating: QualityRating }) {
  const meta = META[rating];
  return (
    <Tooltip title={meta.hint}>
      <Tag color={meta.color} aria-label={`Quality: ${meta.label}`}>
        {meta.label} quality
      </Tag>
    </Tooltip>
  );
}
