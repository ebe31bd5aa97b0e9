import { Tag } from "antd";

/** An HTTP status as a coloured tag: 2xx green, 4xx orange (429 and 402 gold), 5xx red. */
export function StatusCode({ status }: { status: number }) {
  const color = status < 300 ? "green" : status === 429 || status === 402 ? "gold" : status < 500 ? "orange" : "red";
  return (
    <Tag color={color} style={{ fontVariantNumeric: "tabular-nums" }}>
      {status}
    </Tag>
  );
}
