import { LockOutlined } from "@ant-design/icons";
import { Typography, theme } from "antd";
import { MSG } from "../../contract";
import { ButtonLink } from "./button-link";

/** SPEC 2's explanation of a module that is not enabled: the sidebar's dialog and a gated route both show it. */
export function AccessRestrictedText({ item }: { item: string | null }) {
  return (
    <>
      <Typography.Paragraph>
        <Typography.Text strong>{item}</Typography.Text> is not enabled for your account.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Please contact your account manager to request access to this module.
      </Typography.Paragraph>
    </>
  );
}

/** What a module-gated URL renders instead of its screen when the account lacks the module. */
export function AccessRestrictedPage({ item, home }: { item: string; home: string }) {
  const { token } = theme.useToken();
  return (
    <section
      role="alert"
      aria-labelledby="access-restricted-title"
      style={{
        maxWidth: 560,
        margin: "48px auto",
        padding: "40px 32px",
        textAlign: "center",
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <LockOutlined aria-hidden style={{ fontSize: 32, color: token.colorWarning, marginBottom: 16 }} />
      <h2 id="access-restricted-title" style={{ margin: "0 0 12px", fontSize: 22, color: token.colorTextHeading }}>
        {MSG.accessRestrictedTitle}
      </h2>
      <AccessRestrictedText item={item} />
      <ButtonLink to={home} type="primary" style={{ marginTop: 20 }}>
        Back to the dashboard
      </ButtonLink>
    </section>
  );
}
