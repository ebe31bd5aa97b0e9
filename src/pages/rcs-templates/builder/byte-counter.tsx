import { Typography } from "antd";
import { utf8Bytes } from "../../../../contract/domain/rcs";

/** "37 / 200 bytes": RBM counts UTF-8 bytes, so a Hindi letter costs three; the count turns red past the limit. */
export function ByteCounter({ value, max }: { value: string; max: number }) {
  const bytes = utf8Bytes(value);
  const chars = [...value].length;
  return (
    <Typography.Text
      type={bytes > max ? "danger" : "secondary"}
      style={{ fontSize: 12, fontVariantNumeric: "tabular-nums" }}
    >
      {bytes} / {max} bytes{bytes !== chars ? ` · ${chars} characters` : ""}
    </Typography.Text>
  );
}
