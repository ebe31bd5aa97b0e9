import { theme, Typography } from "antd";
import { useId, type CSSProperties, type ReactNode } from "react";

/**
 * A card as antd draws one (same tokens: radius, border, header), without antd's Card: that one imports Tabs for its
 * tab list, about 10 KB gzipped the first signed-in view has no use for. A section named by its title, so people
 * with screen readers (and tests) find it as a region.
 */
export function Panel({
  title,
  extra,
  children,
  bodyStyle,
  style,
}: {
  title?: string;
  extra?: ReactNode;
  children: ReactNode;
  bodyStyle?: CSSProperties;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const id = useId();
  return (
    <section
      aria-labelledby={title ? id : undefined}
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        height: "100%",
        display: "flex",
        flexDirection: "column",
        ...style,
      }}
    >
      {title && (
        <header
          style={{
            display: "flex",
            alignItems: "center",
            justifyContent: "space-between",
            gap: 12,
            minHeight: 56,
            padding: `0 ${token.paddingLG}px`,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Typography.Title level={5} id={id} style={{ margin: 0, whiteSpace: "nowrap" }}>
            {title}
          </Typography.Title>
          {extra && <div style={{ minWidth: 0, textAlign: "right" }}>{extra}</div>}
        </header>
      )}
      <div style={{ padding: token.paddingLG, flex: 1, ...bodyStyle }}>{children}</div>
    </section>
  );
}
