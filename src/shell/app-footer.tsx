import { SafetyCertificateOutlined } from "@ant-design/icons";
import { Layout, Space, Typography, theme } from "antd";
import { BRAND } from "./brand";

/** Footer of SPEC 2: copyright, privacy policy, ISO/IEC 27001:2022 and 'Powered by'. */
export function AppFooter() {
  const { token } = theme.useToken();
  const year = new Date().getFullYear();
  return (
    <Layout.Footer
      style={{
        padding: "14px 24px",
        background: "transparent",
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        fontSize: 12,
      }}
    >
      <Space wrap size={[16, 4]} style={{ width: "100%", justifyContent: "space-between" }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          © {year} {BRAND.company}. All rights reserved.
        </Typography.Text>
        <Space wrap size={[16, 4]}>
          <Typography.Link href={BRAND.privacyUrl} target="_blank" rel="noopener noreferrer" style={{ fontSize: 12 }}>
            Privacy Policy
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <SafetyCertificateOutlined /> ISO/IEC 27001:2022 certified
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Powered by{" "}
            <Typography.Link
              href={BRAND.poweredByUrl}
              target="_blank"
              rel="noopener noreferrer"
              style={{ fontSize: 12 }}
            >
              {BRAND.poweredByLabel}
            </Typography.Link>
          </Typography.Text>
        </Space>
      </Space>
    </Layout.Footer>
  );
}
