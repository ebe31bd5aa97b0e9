import { Tabs } from "antd";
import { useState } from "react";
import { PageHeader } from "../common/page-header";
import { ConversionsTab } from "./components/conversions-tab";
import { KeysTab } from "./components/keys-tab";
import { RequestLog } from "./components/request-log";

/**
 * API Control: the account's API keys (create with the secret shown once, edit, configure, regenerate, delete) and the
 * request log of the public API made with them; the account's conversion settings (attribution window, postback URL).
 */
export function ApiKeysList() {
  const [tab, setTab] = useState<"keys" | "log" | "conversions">("keys");
  const [logKey, setLogKey] = useState<string | undefined>();
  return (
    <>
      <PageHeader description="Keys let your own systems send messages through the public API (POST /api/public/v1/messages). Every request they make is in the request log." />
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as "keys" | "log" | "conversions")}
        items={[
          {
            key: "keys",
            label: "API keys",
            children: (
              <KeysTab
                onShowRequests={(k) => {
                  setLogKey(k.id);
                  setTab("log");
                }}
              />
            ),
          },
          {
            key: "log",
            label: "Request log",
            children: <RequestLog apiKeyId={logKey} onKeyChange={setLogKey} live={tab === "log"} />,
          },
          { key: "conversions", label: "Conversions", children: <ConversionsTab /> },
        ]}
      />
    </>
  );
}
