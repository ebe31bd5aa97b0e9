import { describe, expect, it } from "vitest";
import { decodeFully, isSuspiciousUrl } from "./url-guard";

describe("URL guard: SPEC 5 matches", () => {
  it.each([
    ["script tag in the query", "/user/campaigns", "?q=<script>alert(1)</script>"],
    ["encoded script tag", "/user", "?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
    ["closing script tag", "/user", "?q=</SCRIPT>"],
    ["javascript: URL", "/user", "?next=javascript:alert(1)"],
    ["JavaScript: in capitals, encoded", "/user", "?next=JaVaScRiPt%3Aalert(1)"],
    ["onerror handler", "/user", "?x=<img src=x onerror=alert(1)>"],
    ["onload handler", "/user", "?x=<body onload=alert(1)>"],
    ["select", "/user", "?id=1 select password from users"],
    ["UNION SELECT, encoded", "/user", "?id=1%20UNION%20SELECT%20*"],
    ["drop", "/user", "?q=drop table users"],
    ["insert", "/user", "?q=insert into x"],
    ["update as a path segment", "/user/update", ""],
    ["delete", "/user", "?action=delete"],
    ["truncate", "/user", "?q=truncate logs"],
    ["single quote", "/user", "?id=1'"],
    ["encoded single quote", "/user", "?id=1%27"],
    ["double-encoded quote", "/user", "?id=1%2527"],
    ["double quote", "/user", '?q="x"'],
    ["double dash", "/user", "?id=1--"],
    ["semicolon", "/user", "?id=1;shutdown"],
    ["comment opener", "/user", "?id=1/*x"],
    ["comment closer", "/user", "?id=x*/"],
    ["hash comment (encoded)", "/user", "?id=1%23"],
    ["../ traversal", "/user/../admin", ""],
    ["encoded ../", "/user/%2e%2e%2fadmin", ""],
    ["..\\ traversal", "/user/..\\admin", ""],
  ])("%s", (_name, path, search) => {
    expect(isSuspiciousUrl(path, search)).toBe(true);
  });
});

describe("URL guard: near misses pass", () => {
  it.each([
    ["login page", "/", ""],
    ["a dashboard", "/organization", ""],
    ["campaign named selection", "/user/campaigns", "?name=selection"],
    ["updates", "/user/updates", ""],
    ["deleted-items path segment", "/user/deleted-items", ""],
    ["single dot in a file name", "/user/file.v2", ""],
    ["dropdown", "/user/settings", "?open=dropdown"],
    ["unionized, inserted, selected, truncated", "/user", "?q=unionized inserted selected truncated"],
    ["download route", "/user/reports/download", ""],
    ["single dash and underscore", "/user/quota-reports-management", "?sort=created_at&order=desc"],
    ["reset token", "/reset-password", "?token=3f9a0c2e8b7d4e1f9a0c2e8b7d4e1f9a"],
    ["impersonation key", "/user", "?impersonationKey=impersonation_1732180000000"],
    ["email in a query", "/user/users", "?search=ana%40example.com"],
    ["malformed escape is not a crash", "/user", "?q=100%"],
    ["nested sub-page", "/organization/manage-templates/whatsapp/whatsapp-template-creation", ""],
  ])("%s", (_name, path, search) => {
    expect(isSuspiciousUrl(path, search)).toBe(false);
  });
});

describe("decodeFully", () => {
  it("decodes repeatedly and tolerates malformed input", () => {
    expect(decodeFully("%2527")).toBe("'");
    expect(decodeFully("%E0%A4%A")).toBe("%E0%A4%A");
  });
});
