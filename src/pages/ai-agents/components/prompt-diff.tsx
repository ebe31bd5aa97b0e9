import { Card, Col, Row, Typography } from "antd";
import { diffWords } from "diff";
import { useMemo } from "react";

const box = {
  whiteSpace: "pre-wrap" as const,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
  fontSize: 13,
  lineHeight: 1.6,
  margin: 0,
  maxHeight: 420,
  overflow: "auto",
};

/**
 * Original and enhanced prompt side by side: what the rewrite removed struck through on the left, what it added marked
 * on the right.
 */
export function PromptDiff({ original, enhanced }: { original: string; enhanced: string }) {
  const parts = useMemo(() => diffWords(original, enhanced), [original, enhanced]);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={12}>
        <Card size="small" title="Original" aria-label="Original prompt">
          <pre style={box}>
            {parts
              .filter((p) => !p.added)
              .map((p, i) =>
                p.removed ? (
                  <del key={i} style={{ background: "rgba(255, 77, 79, 0.18)", textDecorationColor: "#cf1322" }}>
                    {p.value}
                  </del>
                ) : (
                  <span key={i}>{p.value}</span>
                ),
              )}
            {!original && <Typography.Text type="secondary">(empty)</Typography.Text>}
          </pre>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="Enhanced" aria-label="Enhanced prompt">
          <pre style={box}>
            {parts
              .filter((p) => !p.removed)
              .map((p, i) =>
                p.added ? (
                  <ins key={i} style={{ background: "rgba(82, 196, 26, 0.2)", textDecoration: "none" }}>
                    {p.value}
                  </ins>
                ) : (
                  <span key={i}>{p.value}</span>
                ),
              )}
          </pre>
        </Card>
      </Col>
    </Row>
  );
}
