import { MessageFilled } from "@ant-design/icons";
import { theme } from "antd";
import type { ReactNode } from "react";
import { BRAND } from "../../shell/brand";

interface Props {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The centred card every public page shares: brand, title, form and a link row underneath. Plain markup with
 * theme tokens (not antd Card/Typography) keeps the login bundle small and still follows light/dark.
 */
export function AuthLayout({ title, subtitle, children, footer }: Props) {
  const { token } = theme.useToken();
  return (
    <main
      className="auth-layout"
      style={{
        // antd's App, which gives links their colour on signed-in pages, is not loaded here (src/styles.css).
        ["--auth-link" as string]: token.colorLink,
        ["--auth-link-hover" as string]: token.colorLinkHover,
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        padding: "48px 16px",
        boxSizing: "border-box",
        background: `radial-gradient(1200px 600px at 50% -10%, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 60%)`,
        color: token.colorText,
        fontFamily: token.fontFamily,
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 12, marginBottom: 24 }}>
        <span
          aria-hidden
          style={{
            width: 40,
            height: 40,
            borderRadius: 10,
            display: "grid",
            placeItems: "center",
            background: `linear-gradient(135deg, ${token.colorPrimary}, ${token.colorPrimaryActive})`,
            color: "#fff",
            fontSize: 20,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          <MessageFilled />
        </span>
        <div>
          <div style={{ fontSize: 18, fontWeight: 600, lineHeight: 1.2 }}>{BRAND.name}</div>
          <div style={{ fontSize: 12, color: token.colorTextSecondary }}>RCS · SMS · WhatsApp business messaging</div>
        </div>
      </div>
      <section
        style={{
          width: "100%",
          maxWidth: 420,
          boxSizing: "border-box",
          padding: "32px 32px 24px",
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <h1
          style={{ fontSize: 24, fontWeight: 600, margin: `0 0 ${subtitle ? 6 : 24}px`, color: token.colorTextHeading }}
        >
          {title}
        </h1>
        {subtitle && <p style={{ margin: "0 0 24px", color: token.colorTextSecondary, lineHeight: 1.5 }}>{subtitle}</p>}
        {children}
      </section>
      {footer && <div style={{ marginTop: 20, textAlign: "center", color: token.colorTextSecondary }}>{footer}</div>}
      <div style={{ marginTop: 32, fontSize: 12, color: token.colorTextTertiary }}>
        © {new Date().getFullYear()} {BRAND.company}
      </div>
    </main>
  );
}
