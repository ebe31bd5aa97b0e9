import { ClockCircleOutlined } from "@ant-design/icons";
import { theme } from "antd";
import { MSG } from "../../contract";

/**
 * A tidy placeholder for screens not built yet, so no route renders blank. Plain markup with theme tokens:
 * antd's Result ships every status illustration and Card brings Tabs, which this card does not need.
 */
export function ComingSoon({ title }: { title: string }) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby="coming-soon-title"
      style={{
        maxWidth: 720,
        margin: "48px auto",
        padding: "56px 32px",
        textAlign: "center",
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      <span
        aria-hidden
        style={{
          display: "inline-grid",
          placeItems: "center",
          width: 72,
          height: 72,
          borderRadius: "50%",
          background: token.colorPrimaryBg,
          color: token.colorPrimary,
          fontSize: 34,
          marginBottom: 20,
        }}
      >
        <ClockCircleOutlined />
      </span>
      <h2
        id="coming-soon-title"
        style={{ margin: "0 0 8px", fontSize: 24, fontWeight: 600, color: token.colorTextHeading }}
      >
        {title}
      </h2>
      <span
        style={{
          display: "inline-block",
          marginBottom: 12,
          padding: "2px 10px",
          borderRadius: 999,
          fontSize: 12,
          fontWeight: 500,
          color: token.colorPrimary,
          background: token.colorPrimaryBg,
        }}
      >
        {MSG.comingSoon}
      </span>
      <p style={{ margin: "0 auto", maxWidth: 460, color: token.colorTextSecondary, lineHeight: 1.6 }}>
        This part of the console is on its way. Everything you need today is in the sidebar.
      </p>
    </section>
  );
}
