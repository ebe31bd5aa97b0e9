import { Col, Form, Row, Segmented } from "antd";
import {
  RCS_ALIGNMENTS,
  RCS_HEIGHTS,
  RCS_ORIENTATIONS,
  RCS_WIDTHS,
  type RcsTemplateDraft,
} from "../../../../contract/domain/rcs";
import { fieldStatus } from "./field-errors";
import type { RcsBuilderModel } from "./use-rcs-builder";

const title = (v: string) => v[0] + v.slice(1).toLowerCase();
const options = <V extends string>(values: readonly V[], disabled: (v: V) => boolean = () => false) =>
  values.map((v) => ({ value: v, label: title(v), disabled: disabled(v) }));

/**
 * The card layout a type uses: a standalone card has an orientation (and, horizontal, the media side; vertical, the
 * media height); a carousel has a card width and media height. TALL with SMALL is refused, so it is greyed out.
 */
export function LayoutControls({ model }: { model: RcsBuilderModel }) {
  const { draft, update, shown } = model;
  const set =
    <K extends keyof RcsTemplateDraft>(key: K) =>
    (value: RcsTemplateDraft[K]) =>
      update({ [key]: value } as Partial<RcsTemplateDraft>);
  const standalone = draft.type === "standalone";
  const horizontal = standalone && draft.orientation === "HORIZONTAL";
  return (
    <Row gutter={16}>
      {standalone && (
        <Col xs={24} sm={12}>
          <Form.Item label="Orientation">
            <Segmented
              block
              aria-label="Orientation"
              value={draft.orientation}
              options={options(RCS_ORIENTATIONS)}
              onChange={set("orientation")}
            />
          </Form.Item>
        </Col>
      )}
      {horizontal && (
        <Col xs={24} sm={12}>
          <Form.Item label="Thumbnail side">
            <Segmented
              block
              aria-label="Thumbnail alignment"
              value={draft.alignment}
              options={options(RCS_ALIGNMENTS)}
              onChange={set("alignment")}
            />
          </Form.Item>
        </Col>
      )}
      {draft.type === "carousel" && (
        <Col xs={24} sm={12}>
          <Form.Item label="Card width">
            <Segmented
              block
              aria-label="Card width"
              value={draft.width}
              options={options(RCS_WIDTHS, (v) => v === "SMALL" && draft.height === "TALL")}
              onChange={set("width")}
            />
          </Form.Item>
        </Col>
      )}
      {!horizontal && (
        <Col xs={24} sm={12}>
          <Form.Item label="Media height" {...fieldStatus(shown, "height")}>
            <Segmented
              block
              aria-label="Media height"
              value={draft.height}
              options={options(
                RCS_HEIGHTS,
                (v) => v === "TALL" && draft.type === "carousel" && draft.width === "SMALL",
              )}
              onChange={set("height")}
            />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}
