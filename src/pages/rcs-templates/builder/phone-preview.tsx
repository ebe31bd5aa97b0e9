import {
  ArrowLeftOutlined,
  CheckCircleFilled,
  MoonOutlined,
  MoreOutlined,
  PictureOutlined,
  PlayCircleFilled,
  PlusCircleOutlined,
  SmileOutlined,
  SunOutlined,
} from "@ant-design/icons";
import { Segmented } from "antd";
import { useState } from "react";
import { orderedCards, type RcsCard, type RcsSuggestion, type RcsTemplateDraft } from "../../../../contract/domain/rcs";
import { SUGGESTION_META } from "./suggestion-meta";
import "./phone-preview.css";

// Google Messages draws in dp on a ~360 dp wide screen; the preview's screen is 320 px, so every dp is 0.89 px.
const DP = 320 / 360;
const MEDIA_HEIGHT = { SHORT: 112 * DP, MEDIUM: 168 * DP, TALL: 264 * DP } as const;
const CAROUSEL_WIDTH = { SMALL: 120 * DP, MEDIUM: 232 * DP } as const;

const isVideo = (url: string) => /\.(mp4|mpeg|webm|3gp)(\?|$)/i.test(url);
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/** The card's media, or a placeholder naming its host when it cannot be shown here (video, blocked or broken image). */
function Media({ url, height, width }: { url: string; height?: number; width?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = failed === url || isVideo(url);
  return (
    <div className="rcsb-media" style={{ height, width }}>
      {!broken && <img src={url} alt="" onError={() => setFailed(url)} />}
      {broken && (
        <div className="rcsb-media-placeholder">
          {isVideo(url) ? <PlayCircleFilled style={{ fontSize: 30 }} /> : <PictureOutlined style={{ fontSize: 26 }} />}
          <span>{hostOf(url)}</span>
        </div>
      )}
    </div>
  );
}

function CardActions({ suggestions }: { suggestions: readonly RcsSuggestion[] }) {
  if (!suggestions.length) return null;
  return (
    <div className="rcsb-card-actions">
      {suggestions.map((s, i) => (
        <div key={i} className="rcsb-card-action">
          {s.type !== "reply" && SUGGESTION_META[s.type].icon} {s.text || "Label"}
        </div>
      ))}
    </div>
  );
}

function CardBody({ card }: { card: RcsCard }) {
  if (!card.cardTitle && !card.cardDescription) return null;
  return (
    <div className="rcsb-card-body">
      {card.cardTitle && (
        <div className="rcsb-card-title" data-testid="preview-card-title">
          {card.cardTitle}
        </div>
      )}
      {card.cardDescription && <div className="rcsb-card-text">{card.cardDescription}</div>}
    </div>
  );
}

function Standalone({ draft }: { draft: RcsTemplateDraft }) {
  const card = draft.standAlone;
  if (draft.orientation === "HORIZONTAL") {
    return (
      <div className={`rcsb-card rcsb-card-horizontal${draft.alignment === "RIGHT" ? " is-right" : ""}`}>
        <div className="rcsb-card-row">
          {card.mediaUrl ? (
            <Media url={card.mediaUrl} width="40%" />
          ) : (
            <div className="rcsb-media" style={{ width: "40%" }} />
          )}
          <div style={{ flex: 1, minWidth: 0 }}>
            <CardBody card={card} />
          </div>
        </div>
        <CardActions suggestions={card.suggestions} />
      </div>
    );
  }
  return (
    <div className="rcsb-card">
      {card.mediaUrl && <Media url={card.mediaUrl} height={MEDIA_HEIGHT[draft.height]} />}
      <CardBody card={card} />
      <CardActions suggestions={card.suggestions} />
    </div>
  );
}

function Carousel({ draft }: { draft: RcsTemplateDraft }) {
  const width = CAROUSEL_WIDTH[draft.width];
  return (
    <div className="rcsb-carousel" role="list" aria-label="Carousel preview">
      {orderedCards(draft.carouselList).map((card, i) => (
        <div key={i} role="listitem" className="rcsb-card rcsb-carousel-card" style={{ width, minWidth: width }}>
          {card.mediaUrl && <Media url={card.mediaUrl} height={MEDIA_HEIGHT[draft.height]} />}
          <CardBody card={card} />
          <CardActions suggestions={card.suggestions} />
        </div>
      ))}
    </div>
  );
}

export interface PhonePreviewProps {
  draft: RcsTemplateDraft;
  botName: string;
}

/** What the recipient sees in Google Messages: the verified bot header, the message, and its suggestion chips. */
export function PhonePreview({ draft, botName }: PhonePreviewProps) {
  const [mode, setMode] = useState<"light" | "dark">("light");
  const name = botName || "Your bot";
  const empty = draft.type === "text" && !draft.textMessageContent.trim();
  return (
    <div className="rcsb-preview-wrap">
      <Segmented
        value={mode}
        onChange={(v) => setMode(v as "light" | "dark")}
        options={[
          { value: "light", label: "Light", icon: <SunOutlined /> },
          { value: "dark", label: "Dark", icon: <MoonOutlined /> },
        ]}
        aria-label="Preview theme"
      />
      <div className={`rcsb-phone${mode === "dark" ? " is-dark" : ""}`} data-testid="phone-preview" data-mode={mode}>
        <div className="rcsb-status">
          <span>9:41</span>
          <span className="rcsb-status-icons">▂▄▆ ◔ ▮</span>
        </div>
        <div className="rcsb-appbar">
          <ArrowLeftOutlined />
          <div className="rcsb-avatar" aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </div>
          <div className="rcsb-bot">
            <div className="rcsb-bot-name">
              {name} <CheckCircleFilled className="rcsb-verified" aria-label="Verified business" />
            </div>
            <div className="rcsb-bot-sub">Verified business · RCS</div>
          </div>
          <MoreOutlined />
        </div>
        <div className="rcsb-thread">
          <div className="rcsb-day">Today</div>
          <div className="rcsb-incoming">
            {draft.type === "text" && (
              <div className={`rcsb-bubble${empty ? " is-empty" : ""}`}>
                {empty ? "Your message appears here" : draft.textMessageContent}
              </div>
            )}
            {draft.type === "standalone" && <Standalone draft={draft} />}
            {draft.type === "carousel" && <Carousel draft={draft} />}
            <div className="rcsb-time">9:41 AM · RCS</div>
          </div>
        </div>
        {draft.suggestions.length > 0 && (
          <div className="rcsb-chips" aria-label="Suggestion chips">
            {draft.suggestions.map((s, i) => (
              <span key={i} className="rcsb-chip">
                {s.type !== "reply" && SUGGESTION_META[s.type].icon} {s.text || "Label"}
              </span>
            ))}
          </div>
        )}
        <div className="rcsb-compose">
          <PlusCircleOutlined />
          <div className="rcsb-compose-input">
            RCS message <SmileOutlined />
          </div>
        </div>
      </div>
    </div>
  );
}
