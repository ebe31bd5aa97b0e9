import { Empty, Spin, Typography, theme } from "antd";
import type { RenderedCanned } from "./use-canned-slash";

/** The one line that says why the list holds fewer responses than the settings page. */
export const CANNED_RULE_NOTE = {
  dlt: "DLT route: only responses tied to a registered SMS template, sent as that template",
  "window-closed": "Outside the 24-hour window: approved templates only",
} as const;

export const CANNED_LISTBOX_ID = "canned-responses-listbox";
export const cannedOptionId = (i: number) => `canned-response-option-${i}`;

/**
 * The `/` list above the reply box: a listbox the reply box drives (aria-activedescendant), so focus stays where the
 * agent types. A response the server could not fill shows why and cannot be inserted.
 */
export function CannedPopup(props: {
  items: readonly RenderedCanned[];
  active: number;
  loading: boolean;
  query: string;
  onPick: (item: RenderedCanned) => void;
  onHover: (index: number) => void;
  /** Why fewer responses are offered here (the server's rule for this conversation). */
  rule?: "window-closed" | "dlt" | null;
}) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        position: "absolute",
        insetInline: 0,
        bottom: "calc(100% + 6px)",
        zIndex: 10,
        maxHeight: 280,
        overflowY: "auto",
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <Typography.Text type="secondary" style={{ display: "block", padding: "6px 12px", fontSize: 12 }}>
        Canned responses · ↑↓ to choose, Enter to insert, Esc to close
      </Typography.Text>
      {props.rule && (
        <Typography.Text
          type="secondary"
          data-testid="canned-rule"
          style={{ display: "block", padding: "0 12px 6px", fontSize: 12 }}
        >
          {CANNED_RULE_NOTE[props.rule]}
        </Typography.Text>
      )}
      {props.loading ? (
        <Spin size="small" style={{ display: "block", padding: 12 }} />
      ) : props.items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          style={{ margin: 8 }}
          description={props.query ? `No canned response matches /${props.query}` : "No canned responses yet"}
        />
      ) : null}
      <ul
        id={CANNED_LISTBOX_ID}
        role="listbox"
        aria-label="Canned responses"
        style={{ listStyle: "none", margin: 0, padding: props.items.length ? 4 : 0 }}
      >
        {props.items.map((item, i) => (
          <li
            key={item._id}
            id={cannedOptionId(i)}
            role="option"
            aria-selected={i === props.active}
            aria-disabled={item.text === null || undefined}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => props.onHover(i)}
            onClick={() => props.onPick(item)}
            style={{
              padding: "6px 8px",
              borderRadius: token.borderRadius,
              cursor: "pointer",
              background: i === props.active ? token.controlItemBgActive : undefined,
            }}
          >
            <Typography.Text strong>{`/${item.code}`}</Typography.Text>{" "}
            <Typography.Text type="secondary">{item.title}</Typography.Text>
            <Typography.Text
              type={item.text === null ? "danger" : undefined}
              ellipsis
              style={{ display: "block", fontSize: 12 }}
            >
              {item.text ?? item.error}
            </Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
