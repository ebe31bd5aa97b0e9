import { Input, Typography } from "antd";
import { useState } from "react";

/**
 * A JSON object typed by hand: shows why it does not parse, and hands out the object when it does (remount with a key
 * to reset it).
 */
export function JsonEditor({
  value,
  onChange,
  label,
  rows = 10,
}: {
  value: Record<string, unknown>;
  onChange: (v: Record<string, unknown> | null) => void;
  label: string;
  rows?: number;
}) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Input.TextArea
        aria-label={label}
        rows={rows}
        value={text}
        spellCheck={false}
        style={{ fontFamily: "monospace", fontSize: 12 }}
        status={error ? "error" : undefined}
        onChange={(e) => {
          setText(e.target.value);
          try {
            const parsed: unknown = JSON.parse(e.target.value);
            if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
              throw new Error("It must be a JSON object: { … }");
            setError(null);
            onChange(parsed as Record<string, unknown>);
          } catch (err) {
            setError((err as Error).message);
            onChange(null);
          }
        }}
      />
      {error && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {error}
        </Typography.Text>
      )}
    </>
  );
}
