import { Flex, Tag } from "antd";
import type { Conversation } from "./thread-state";

/** A conversation's labels as coloured tags (antd's preset colours keep their contrast in both themes). */
export function LabelTags({ labels }: { labels: Conversation["labels"] }) {
  if (labels.length === 0) return null;
  return (
    <Flex gap={4} wrap style={{ marginTop: 4 }}>
      {labels.map((l) => (
        <Tag
          key={l.name}
          color={l.color}
          bordered={false}
          style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: "18px" }}
        >
          {l.name}
        </Tag>
      ))}
    </Flex>
  );
}
