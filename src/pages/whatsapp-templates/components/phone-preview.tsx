import {
  ArrowLeftOutlined,
  ExportOutlined,
  FilePdfFilled,
  MoreOutlined,
  PhoneFilled,
  PlayCircleFilled,
  PictureOutlined,
  RollbackOutlined,
} from "@ant-design/icons";
import { Fragment, useEffect, useMemo, type ReactNode } from "react";
import { fillVariables, type WaButton } from "../../../../contract/domain/whatsapp-template";
import type { TemplateDraft } from "../template-draft";
import "./phone-preview.css";

/** WhatsApp's own light formatting: *bold*, _italic_, ~strike~ (one level, as the app renders it). */
function formatted(text: string): ReactNode[] {
  return text.split(/(\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~)/g).map((part, i) => {
    if (/^\*[^*]+\*$/.test(part)) return <strong key={i}>{part.slice(1, -1)}</strong>;
    if (/^_[^_]+_$/.test(part)) return <em key={i}>{part.slice(1, -1)}</em>;
    if (/^~[^~]+~$/.test(part)) return <s key={i}>{part.slice(1, -1)}</s>;
    return <Fragment key={i}>{part}</Fragment>;
  });
}

const BUTTON_ICON: Record<WaButton["type"], ReactNode> = {
  URL: <ExportOutlined />,
  PHONE_NUMBER: <PhoneFilled />,
  QUICK_REPLY: <RollbackOutlined />,
};

/**
 * The header's media: a file chosen here (the template form, a campaign's own header) wins over `sampleUrl`, the
 * template's stored sample (an object URL of waba.templates.headerMedia); with neither, a placeholder of its kind.
 */
function HeaderMedia({ draft, file, sampleUrl }: { draft: TemplateDraft; file?: File; sampleUrl?: string }) {
  const fileUrl = useMemo(
    () => (file && (draft.header === "IMAGE" || draft.header === "VIDEO") ? URL.createObjectURL(file) : undefined),
    [file, draft.header],
  );
  useEffect(() => () => (fileUrl ? URL.revokeObjectURL(fileUrl) : undefined), [fileUrl]);
  const url = file ? fileUrl : sampleUrl;
  if (draft.header === "IMAGE") {
    return url ? (
      <img className="wa-media" src={url} alt="Header" data-testid="wa-header-image" />
    ) : (
      <div className="wa-media wa-media-empty">
        <PictureOutlined />
      </div>
    );
  }
  if (draft.header === "VIDEO") {
    return url ? (
      <video className="wa-media wa-video" src={url} muted preload="metadata" aria-label="Header video" />
    ) : (
      <div className="wa-media wa-media-empty wa-video">
        <PlayCircleFilled />
      </div>
    );
  }
  if (draft.header === "DOCUMENT") {
    return (
      <div className="wa-doc">
        <FilePdfFilled className="wa-doc-icon" />
        <span>{file?.name ?? "document.pdf"}</span>
      </div>
    );
  }
  return null;
}

/**
 * What the recipient sees, in WhatsApp's look: the chat bar, the template bubble with its examples filled in, buttons.
 */
export function PhonePreview({
  draft,
  file,
  sampleUrl,
  business,
}: {
  draft: TemplateDraft;
  file?: File;
  sampleUrl?: string;
  business: string;
}) {
  const header = draft.header === "TEXT" ? fillVariables(draft.headerText, [draft.headerExample]) : "";
  const body = fillVariables(draft.body, draft.bodyExamples);
  const visibleButtons = draft.buttons.length > 3 ? [...draft.buttons.slice(0, 2)] : draft.buttons;
  return (
    <div className="wa-phone" aria-label="WhatsApp preview">
      <div className="wa-notch" />
      <div className="wa-bar">
        <ArrowLeftOutlined />
        <div className="wa-avatar">{business.slice(0, 1).toUpperCase()}</div>
        <div className="wa-title">
          <strong>{business}</strong>
          <span>Business account</span>
        </div>
        <MoreOutlined />
      </div>
      <div className="wa-chat">
        <div className="wa-day">Today</div>
        <div className="wa-message">
          <div className="wa-bubble" data-testid="wa-bubble">
            <HeaderMedia draft={draft} file={file} sampleUrl={sampleUrl} />
            {header && <div className="wa-header">{header}</div>}
            <div className="wa-body">
              {body ? formatted(body) : <span className="wa-placeholder">Your message appears here</span>}
            </div>
            {draft.footer && <div className="wa-footer">{draft.footer}</div>}
            <div className="wa-time">12:00</div>
          </div>
          {visibleButtons.map((b, i) => (
            <div key={i} className="wa-button">
              {BUTTON_ICON[b.type]} <span>{b.text || "Button"}</span>
            </div>
          ))}
          {draft.buttons.length > 3 && (
            <div className="wa-button">
              ☰ <span>See all options</span>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
