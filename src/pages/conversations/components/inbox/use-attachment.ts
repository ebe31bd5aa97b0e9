import { useCallback, useEffect, useRef, useState } from "react";
import { checkChatMedia, SMS_NO_FILES, type ChatMediaKind } from "../../../../../contract/domain/media";
import { useCallMutation } from "../../../../api";
import type { Conversation } from "./thread-state";

export interface Attachment {
  file: File;
  /** A local link for the preview (images and video), revoked when the attachment goes. */
  previewUrl: string | null;
  /** 0–100 while uploading. */
  progress: number;
  /** Set once the server stored and checked it: what chats.send names. */
  stored: { attachmentId: string; kind: ChatMediaKind; fileName: string; size: number } | null;
  error: string | null;
}

/** Why a conversation takes no files, or null when it does (WhatsApp and RCS do; SMS carries text only). */
export const noFilesReason = (conversation: Conversation) => (conversation.channel === "sms" ? SMS_NO_FILES : null);

/**
 * The composer's one attachment: checked in the browser against the channel's rules by the type the browser gives
 * (the server reads the bytes and checks again), uploaded at once with its progress, removable until sent.
 */
export function useAttachment(conversation: Conversation) {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const upload = useCallMutation("chats.attach");
  const current = useRef<File | null>(null);

  const clear = useCallback(() => {
    current.current = null;
    setAttachment((a) => {
      if (a?.previewUrl) URL.revokeObjectURL(a.previewUrl);
      return null;
    });
  }, []);
  // Another conversation: whatever was attached here stays here.
  useEffect(() => clear, [conversation._id, clear]);

  const attach = useCallback(
    async (file: File) => {
      const channel = conversation.channel === "sms" ? null : conversation.channel;
      const previewUrl = /^(image|video)\//.test(file.type) ? URL.createObjectURL(file) : null;
      const base: Attachment = { file, previewUrl, progress: 0, stored: null, error: null };
      current.current = file;
      setAttachment((a) => {
        if (a?.previewUrl) URL.revokeObjectURL(a.previewUrl);
        return base;
      });
      if (!channel) return setAttachment({ ...base, error: SMS_NO_FILES });
      // The browser's type is a guess from the name: a known type over its size is refused here already.
      const verdict = file.type ? checkChatMedia(channel, file.type, file.size) : null;
      if (verdict && !verdict.ok && /may be at most|empty/.test(verdict.message))
        return setAttachment({ ...base, error: verdict.message });
      const form = new FormData();
      form.append("fileContent", file, file.name);
      try {
        const res = await upload.mutateAsync({
          params: { id: conversation._id },
          body: form,
          onUploadProgress: (fraction) =>
            current.current === file && setAttachment((a) => a && { ...a, progress: Math.round(fraction * 100) }),
          successNotification: false,
          errorNotification: false,
        });
        if (current.current === file) setAttachment((a) => a && { ...a, progress: 100, stored: res.data });
      } catch (e) {
        if (current.current === file)
          setAttachment((a) => a && { ...a, error: e instanceof Error ? e.message : String(e) });
      }
    },
    [conversation, upload],
  );

  return { attachment, attach, clear };
}
