import { ArrowLeftOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Typography, theme } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { PresenceState } from "../../../contract/domain/chats";
import { formatCount, formatTime } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { PresenceBadge } from "./components/presence-badge";
import { useWallboard } from "./components/use-wallboard";

const STATES: PresenceState[] = ["online", "away", "offline"];
const STATE_LABEL: Record<PresenceState, string> = { online: "Online", away: "Away", offline: "Offline" };

/** "8 min", "2 h 5 min": how long the longest-waiting customer has waited. */
export function waitedFor(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The wait shown moves with the wall clock between pushes (a local tick; the figures come only from the socket). */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** One big figure, readable across a room. */
function Tile(props: { label: string; value: ReactNode; note?: ReactNode; alert?: boolean }) {
  const { token } = theme.useToken();
  return (
    <Card style={{ height: "100%" }} styles={{ body: { padding: 20 } }}>
      <Typography.Text style={{ fontSize: 20, color: token.colorTextSecondary }}>{props.label}</Typography.Text>
      <div
        role="status"
        aria-label={props.label}
        style={{
          fontSize: 72,
          lineHeight: 1.1,
          fontWeight: 600,
          color: props.alert ? token.colorError : token.colorText,
        }}
      >
        {props.value}
      </div>
      {props.note && (
        <Typography.Text style={{ fontSize: 18, color: token.colorTextSecondary }}>{props.note}</Typography.Text>
      )}
    </Card>
  );
}

/**
 * The figures. `csatToday` is the customer-satisfaction figure of today, filled in where CSAT is built (issue 40 item
 * 6); without it the tile is not shown: the board never shows a figure nobody measured.
 */
export function Wallboard({ csatToday }: { csatToday?: ReactNode }) {
  const { board, error, loading } = useWallboard();
  const now = useMinuteClock();
  const { token } = theme.useToken();
  if (error)
    return <Alert type="error" showIcon message="The wallboard could not be read" description={error.message} />;
  if (loading || !board) return <Skeleton active paragraph={{ rows: 6 }} />;
  // The CSAT tile shows once the account asks for ratings (a caller may still pass its own figure).
  const csat =
    csatToday ??
    (board.csatToday
      ? board.csatToday.average === null
        ? "—"
        : `${board.csatToday.average.toFixed(1)} / 5`
      : undefined);
  // Three tiles fill the row until CSAT brings a fourth.
  const span = csat === undefined ? 8 : 6;
  const byState = Object.fromEntries(STATES.map((s) => [s, board.agents.filter((a) => a.presence === s).length]));
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={span}>
          <Tile
            label="Waiting"
            value={formatCount(board.waiting)}
            note={board.longestWaitSince ? `Longest ${waitedFor(board.longestWaitSince, now)}` : "Nobody waiting"}
            alert={board.waiting > 0}
          />
        </Col>
        <Col xs={24} md={12} xl={span}>
          <Tile label="Unassigned" value={formatCount(board.unassigned)} note="Open, no agent yet" />
        </Col>
        <Col xs={24} md={12} xl={span}>
          <Tile
            label="SLA breaches today"
            value={formatCount(board.breachesToday)}
            note={`Since midnight, ${board.timeZone.replace(/_/g, " ")}`}
            alert={board.breachesToday > 0}
          />
        </Col>
        {csat !== undefined && (
          <Col xs={24} md={12} xl={span}>
            <Tile
              label="CSAT today"
              value={csat}
              note={
                board.csatToday
                  ? board.csatToday.responses === 0
                    ? "No ratings yet today"
                    : `${formatCount(board.csatToday.responses)} rating${board.csatToday.responses === 1 ? "" : "s"} since midnight`
                  : undefined
              }
            />
          </Col>
        )}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title={<span style={{ fontSize: 22 }}>Agents by status</span>} style={{ height: "100%" }}>
            <Flex vertical gap={12}>
              {STATES.map((s) => (
                <Flex key={s} justify="space-between" align="center" style={{ fontSize: 28 }}>
                  <PresenceBadge presence={s} />
                  <span aria-label={`${STATE_LABEL[s]} agents`} style={{ fontWeight: 600 }}>
                    {formatCount(byState[s] ?? 0)}
                  </span>
                </Flex>
              ))}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={<span style={{ fontSize: 22 }}>Open per agent</span>} style={{ height: "100%" }}>
            {board.agents.length === 0 ? (
              <Empty description="No active team members yet" />
            ) : (
              <ul aria-label="Open conversations per agent" style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {board.agents.map((a) => (
                  <li
                    key={a.agentId}
                    style={{
                      display: "flex",
                      justifyContent: "space-between",
                      alignItems: "center",
                      padding: "8px 0",
                      borderBlockEnd: `1px solid ${token.colorSplit}`,
                      fontSize: 24,
                    }}
                  >
                    <Flex gap={12} align="center">
                      <span>{a.name}</span>
                      <PresenceBadge presence={a.presence} />
                    </Flex>
                    <span style={{ fontWeight: 600 }}>{formatCount(a.open)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary">Updated {formatTime(board.at)}, live as conversations change.</Typography.Text>
    </Flex>
  );
}

/** agents/wallboard: the supervisor's live view of the inbox (issue 40 item 8), opened from Team Members. */
export function LiveAgentsWallboard() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        description="The inbox at a glance, for a wall screen: it updates as messages arrive and agents come and go."
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate("..", { relative: "path" })}>
            Team Members
          </Button>
        }
      />
      <Wallboard />
    </>
  );
}
