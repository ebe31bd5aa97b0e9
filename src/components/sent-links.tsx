import { Typography, theme } from "antd";
import type { SentLinkRecord } from "../../contract";

/**
 * Where each tracked link of a sent message goes (issue 41). The text shows the short link the person received; the
 * operator still wants to know which page it opens, so each destination is a line below, cut to one line with the
 * whole URL on hover and focus.
 */
export function SentLinks({ links }: { links?: readonly SentLinkRecord[] }) {
  const { token } = theme.useToken();
  if (!links || links.length === 0) return null;
  return (
    <ul aria-label="Where the links go" style={{ listStyle: "none", margin: "4px 0 0", padding: 0 }}>
      {links.map((l) => (
        <li key={l.short} style={{ fontSize: 12, color: token.colorTextSecondary }}>
          <Typography.Text
            style={{ fontSize: 12, color: "inherit", maxWidth: "100%" }}
            ellipsis={{ tooltip: `${l.short} opens ${l.url}` }}
          >
            {links.length > 1 ? `${l.short.slice(l.short.lastIndexOf("/") + 1)} opens ` : "Link opens "}
            {l.url}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}
