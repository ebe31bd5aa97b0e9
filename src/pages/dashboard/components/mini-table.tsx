import { theme } from "antd";
import type { CSSProperties, ReactNode } from "react";

export interface MiniColumn<T> {
  key: string;
  title: string;
  align?: "left" | "right";
  width?: number | string;
  render: (row: T) => ReactNode;
}

/**
 * A plain table in antd's small-table look, for the dashboard's few rows: antd's Table (with its sorting, filtering
 * tree and pagination) is about 60 KB gzipped the first signed-in view can do without. Screens that page and sort
 * keep antd's.
 */
export function MiniTable<T>({
  columns,
  rows,
  rowKey,
  empty,
  label,
  minWidth = 520,
}: {
  columns: MiniColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  empty: ReactNode;
  label: string;
  /** Below this width the table scrolls sideways rather than squeeze its columns. */
  minWidth?: number;
}) {
  const { token } = theme.useToken();
  const cell = (align: "left" | "right" = "left"): CSSProperties => ({
    padding: "8px 8px",
    textAlign: align,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    whiteSpace: "nowrap",
    overflow: "hidden",
    textOverflow: "ellipsis",
  });
  if (rows.length === 0) return <>{empty}</>;
  return (
    <div style={{ overflowX: "auto" }}>
      <table
        aria-label={label}
        style={{
          width: "100%",
          borderCollapse: "collapse",
          tableLayout: "fixed",
          fontVariantNumeric: "tabular-nums",
          minWidth,
        }}
      >
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                style={{
                  ...cell(c.align),
                  width: c.width,
                  fontWeight: 600,
                  background: token.colorFillAlter,
                  color: token.colorTextHeading,
                }}
              >
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} style={cell(c.align)}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
