import { Form, Input } from "antd";
import { RCS_LIMITS, type RcsCard, type RcsFieldError } from "../../../../contract/domain/rcs";
import { ByteCounter } from "./byte-counter";
import { fieldStatus } from "./field-errors";
import { SuggestionsEditor } from "./suggestions-editor";

export interface CardEditorProps {
  card: RcsCard;
  onChange: (card: RcsCard) => void;
  /** Path of the card in the draft ("standAlone", "carouselList.1"). */
  path: string;
  errors: readonly RcsFieldError[];
  /** "Card" or "Card 2": names the fields for screen readers and tests. */
  name: string;
}

/** Title and description (byte-counted), media URL and up to 4 suggestions of one rich card. */
export function CardEditor({ card, onChange, path, errors, name }: CardEditorProps) {
  const set = (patch: Partial<RcsCard>) => onChange({ ...card, ...patch });
  return (
    <>
      <Form.Item
        label="Title"
        extra={<ByteCounter value={card.cardTitle} max={RCS_LIMITS.titleBytes} />}
        {...fieldStatus(errors, `${path}.cardTitle`)}
      >
        <Input
          value={card.cardTitle}
          aria-label={`${name} title`}
          placeholder="A short, bold headline"
          onChange={(e) => set({ cardTitle: e.target.value })}
        />
      </Form.Item>
      <Form.Item
        label="Description"
        extra={<ByteCounter value={card.cardDescription} max={RCS_LIMITS.descriptionBytes} />}
        {...fieldStatus(errors, `${path}.cardDescription`)}
      >
        <Input.TextArea
          value={card.cardDescription}
          aria-label={`${name} description`}
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder="Details, price, what to do next"
          onChange={(e) => set({ cardDescription: e.target.value })}
        />
      </Form.Item>
      <Form.Item
        label="Media URL"
        extra="An image or video the carrier can fetch (jpeg, png, gif, mp4); uploads come with the media library."
        {...fieldStatus(errors, `${path}.mediaUrl`)}
      >
        <Input
          value={card.mediaUrl}
          aria-label={`${name} media URL`}
          placeholder="https://cdn.example.com/banner.jpg"
          onChange={(e) => set({ mediaUrl: e.target.value.trim() })}
        />
      </Form.Item>
      <SuggestionsEditor
        value={card.suggestions}
        onChange={(suggestions) => set({ suggestions })}
        max={RCS_LIMITS.cardSuggestions}
        path={`${path}.suggestions`}
        errors={errors}
        label={`${name} suggestions`}
      />
    </>
  );
}
