import { Tag } from "antd";
import type { Conversation } from "./thread-state";

/** Working minutes as the list says them: "< 1 m", "45 m", "3 h 5 m", "2 d 4 h" (working days of 24 hours of the clock). */
export function workingLeft(minutes: number): string {
  if (minutes < 1) return "< 1 m";
  if (minutes < 60) return `${minutes} m`;
  if (minutes < 1440) return minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} m` : `${minutes / 60} h`;
  const hours = Math.floor((minutes % 1440) / 60);
  return hours ? `${Math.floor(minutes / 1440)} d ${hours} h` : `${Math.floor(minutes / 1440)} d`;
}

/**
 * A conversation's SLA in the list: a red "Breached" tag, or the working time left to the clock due first (first
 * response, then resolution); nothing when no clock runs.
 */
export function SlaTag({ conversation: c }: { conversation: Pick<Conversation, "slaBreached" | "slaLeftMinutes"> }) {
  if (c.slaBreached)
    return (
      <Tag color="red" style={{ marginInlineEnd: 0 }}>
        Breached
      </Tag>
    );
  if (c.slaLeftMinutes === null) return null;
  return (
    <Tag
      bordered={false}
      color={c.slaLeftMinutes <= 15 ? "orange" : undefined}
      style={{ marginInlineEnd: 0 }}
      title="Working time left on the SLA"
    >
      {workingLeft(c.slaLeftMinutes)} left
    </Tag>
  );
}
