import { DeleteOutlined, HolderOutlined, PlusOutlined } from "@ant-design/icons";
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Button, Card, Flex, Popconfirm, Typography } from "antd";
import { useState } from "react";
import { RCS_LIMITS, type RcsCarouselCard } from "../../../../contract/domain/rcs";
import { CardEditor } from "./card-editor";
import { messageFor } from "./field-errors";
import type { RcsBuilderModel } from "./use-rcs-builder";

/** One card's tab in the strip: the drag handle (mouse, touch, or Space + arrow keys). */
function CardTab({
  id,
  index,
  title,
  active,
  invalid,
  onSelect,
}: {
  id: string;
  index: number;
  title: string;
  active: boolean;
  invalid: boolean;
  onSelect: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <div
      ref={setNodeRef}
      className={`rcsb-tab${active ? " is-active" : ""}${invalid ? " is-invalid" : ""}${isDragging ? " is-dragging" : ""}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`card-tab-${index + 1}`}
    >
      <span
        className="rcsb-tab-handle"
        {...attributes}
        {...listeners}
        aria-label={`Drag card ${index + 1}: ${title || "untitled"}`}
      >
        <HolderOutlined />
      </span>
      <button type="button" className="rcsb-tab-label" onClick={onSelect} aria-pressed={active}>
        <span className="rcsb-tab-number">{index + 1}</span>
        {title || "Untitled card"}
      </button>
    </div>
  );
}

/** The carousel's cards: a sortable strip to pick and reorder them, and the picked card's editor. */
export function CarouselEditor({ model }: { model: RcsBuilderModel }) {
  const { draft, keys, cards, shown } = model;
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const active = Math.max(0, activeKey ? keys.indexOf(activeKey) : 0);
  const sensors = useSensors(
    // A few pixels before a drag starts, so clicking a tab still selects it.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    if (!over || a.id === over.id) return;
    cards.move(keys.indexOf(String(a.id)), keys.indexOf(String(over.id)));
  };
  const card: RcsCarouselCard | undefined = draft.carouselList[active];
  const listError = messageFor(shown, "carouselList");

  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap={8}>
          Cards
          <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
            {draft.carouselList.length} {draft.carouselList.length === 1 ? "card" : "cards"} ({RCS_LIMITS.carouselMin}–
            {RCS_LIMITS.carouselMax}) · drag or Space + arrows to reorder
          </Typography.Text>
        </Flex>
      }
      extra={
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={draft.carouselList.length >= RCS_LIMITS.carouselMax}
          onClick={() => {
            cards.add();
            setActiveKey(null);
          }}
        >
          Add card
        </Button>
      }
    >
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={keys} strategy={horizontalListSortingStrategy}>
          <div className="rcsb-tabs" role="list" aria-label="Carousel cards">
            {keys.map((key, i) => (
              <CardTab
                key={key}
                id={key}
                index={i}
                title={draft.carouselList[i]?.cardTitle ?? ""}
                active={i === active}
                invalid={shown.some((e) => e.field.startsWith(`carouselList.${i}.`))}
                onSelect={() => setActiveKey(key)}
              />
            ))}
          </div>
        </SortableContext>
      </DndContext>
      {listError && <Typography.Text type="danger">{listError}</Typography.Text>}
      {card && (
        <div style={{ marginTop: 16 }}>
          <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
            <Typography.Text strong>Card {active + 1}</Typography.Text>
            <Flex gap={8}>
              <Popconfirm
                title={`Remove card ${active + 1}?`}
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={() => {
                  cards.remove(active);
                  setActiveKey(null);
                }}
              >
                <Button size="small" danger icon={<DeleteOutlined />} disabled={draft.carouselList.length <= 1}>
                  Remove card
                </Button>
              </Popconfirm>
            </Flex>
          </Flex>
          <CardEditor
            card={card}
            onChange={(c) => cards.set(active, c)}
            path={`carouselList.${active}`}
            errors={shown}
            name={`Card ${active + 1}`}
          />
        </div>
      )}
    </Card>
  );
}
