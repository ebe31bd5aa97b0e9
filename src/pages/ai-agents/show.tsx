import { ArrowLeftOutlined } from "@ant-design/icons";
import { Alert, Button, Result, Skeleton, Space, Switch, Tabs, Tag, Typography } from "antd";
import { useSearchParams } from "react-router";
import { areaPath } from "../../../resources/derive";
import { useSession } from "../../state/session";
import { PageHeader } from "../common/page-header";
import { AnswersTab } from "./components/answers-tab";
import { ConfigTab } from "./components/config-tab";
import { ContextTab } from "./components/context-tab";
import { IntentsTab } from "./components/intents-tab";
import { KnowledgeTab } from "./components/knowledge-tab";
import { CHANNEL_COLOR, CHANNEL_LABEL } from "./components/labels";
import { PlaygroundTab } from "./components/playground-tab";
import { SettingsTab } from "./components/settings-tab";
import { useAgent } from "./components/use-agent";
import { ButtonLink } from "../../components/button-link";

const TABS = ["settings", "prompt", "knowledge", "business", "intents", "playground", "answers"] as const;
type Tab = (typeof TABS)[number];

/**
 * One agent's workspace (?id=…&tab=…): settings, prompt, knowledge, business context, intents, playground and its
 * answers.
 */
export function AiAgentsShow() {
  const role = useSession().user?.type;
  const [params, setParams] = useSearchParams();
  const id = params.get("id") ?? "";
  const requested = params.get("tab");
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : "settings";
  const api = useAgent(id);
  const hub = role ? areaPath(role, "ai-agent-hub") : "/";
  const back = (
    <ButtonLink to={hub} icon={<ArrowLeftOutlined />}>
      All agents
    </ButtonLink>
  );

  if (!id) {
    // Opened without an agent (a bookmark, the address bar): the page's title, and the way to the hub's list.
    return (
      <>
        <PageHeader
          title="AI Agent"
          description="An agent's workspace: settings, prompt, knowledge, business context, intents, playground and answers."
        />
        <Result
          status="info"
          title="Choose an agent"
          subTitle="Open one from the AI Agent Hub to see its workspace."
          extra={back}
        />
      </>
    );
  }
  if (api.error?.statusCode === 404) {
    return (
      <Result
        status="404"
        title="No such agent"
        subTitle="It may have been deleted, or it belongs to another account."
        extra={back}
      />
    );
  }
  if (api.error)
    return (
      <Alert
        type="error"
        showIcon
        message="Could not load the agent"
        description={api.error.message}
        action={<Button onClick={api.refetch}>Retry</Button>}
      />
    );
  const agent = api.agent;
  if (!agent) return <Skeleton active paragraph={{ rows: 8 }} />;

  const items = [
    { key: "settings", label: "Settings", children: <SettingsTab agent={agent} api={api} /> },
    { key: "prompt", label: "Prompt", children: <ConfigTab agent={agent} api={api} /> },
    {
      key: "knowledge",
      label: `Knowledge (${agent.stats.passages})`,
      children: <KnowledgeTab agent={agent} onChange={api.refetch} />,
    },
    { key: "business", label: "Business context", children: <ContextTab agent={agent} api={api} /> },
    { key: "intents", label: `Intents (${agent.stats.intents})`, children: <IntentsTab agent={agent} api={api} /> },
    { key: "playground", label: "Playground", children: <PlaygroundTab agent={agent} api={api} /> },
    { key: "answers", label: "Answers", children: <AnswersTab agentId={agent._id} /> },
  ];
  return (
    <>
      <PageHeader
        title={agent.name}
        description={
          <Space wrap size={4}>
            {agent.channels.map((c) => (
              <Tag key={c} color={CHANNEL_COLOR[c]}>
                {CHANNEL_LABEL[c]}
              </Tag>
            ))}
            <Typography.Text type="secondary">{agent.description}</Typography.Text>
          </Space>
        }
        extra={
          <>
            <Space>
              <Switch
                checked={agent.enabled}
                aria-label="Answering customers"
                onChange={(on) => void api.update({ enabled: on }, true).catch(() => undefined)}
              />
              <Typography.Text>{agent.enabled ? "Answering customers" : "Switched off"}</Typography.Text>
            </Space>
            {back}
          </>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ id, tab: key }, { replace: true })}
        items={items}
        destroyOnHidden
      />
    </>
  );
}
